import type { SqlExecutor } from '../contract/app-schema'

/** Current models of the three providers; kept up to date on every start. */
export const seededModels = [
  {
    id: 'gpt-5',
    provider: 'openai',
    name: 'GPT-5',
    description: "OpenAI's flagship model for complex reasoning and coding",
  },
  {
    id: 'gpt-5-mini',
    provider: 'openai',
    name: 'GPT-5 mini',
    description: 'A faster, cheaper GPT-5 for well-defined tasks',
  },
  {
    id: 'gpt-4.1',
    provider: 'openai',
    name: 'GPT-4.1',
    description: 'Strong instruction following with a long context window',
  },
  {
    id: 'gpt-4o-mini',
    provider: 'openai',
    name: 'GPT-4o mini',
    description: 'Small, fast and affordable for everyday chat',
  },
  {
    id: 'claude-sonnet-4-5',
    provider: 'anthropic',
    name: 'Claude Sonnet 4.5',
    description: "Anthropic's best balance of intelligence and speed",
  },
  {
    id: 'claude-opus-4-1',
    provider: 'anthropic',
    name: 'Claude Opus 4.1',
    description: 'Deep reasoning for the hardest problems',
  },
  {
    id: 'claude-haiku-4-5',
    provider: 'anthropic',
    name: 'Claude Haiku 4.5',
    description: 'Near-frontier quality at high speed',
  },
  {
    id: 'gemini-2.5-pro',
    provider: 'google',
    name: 'Gemini 2.5 Pro',
    description: "Google's most capable thinking model",
  },
  {
    id: 'gemini-2.5-flash',
    provider: 'google',
    name: 'Gemini 2.5 Flash',
    description: 'Fast, well-rounded and cost-efficient',
  },
  {
    id: 'gemini-2.5-flash-lite',
    provider: 'google',
    name: 'Gemini 2.5 Flash-Lite',
    description: 'The lowest latency for high-volume tasks',
  },
] as const

/** The community account owns the starter prompts; it has no password, so nobody signs in as it. */
export const COMMUNITY_USER = {
  id: 'user_community',
  email: 'community@prompt-chat.local',
  displayName: 'Community',
}

export const seededPrompts = [
  {
    id: 'prompt_community_code_reviewer',
    type: 'system',
    title: 'Thorough code reviewer',
    content:
      'You are a senior engineer reviewing code. Point out bugs first, then risky patterns, then style. Quote the lines you mean and suggest a concrete fix for each finding.',
  },
  {
    id: 'prompt_community_plain_english',
    type: 'system',
    title: 'Explain in plain English',
    content:
      'Explain everything as if to a smart friend outside the field. Avoid jargon, use one everyday analogy, and finish with a one-sentence summary.',
  },
  {
    id: 'prompt_community_meeting_summary',
    type: 'user',
    title: 'Summarise meeting notes',
    content:
      'Summarise the meeting notes below into: decisions made, open questions, and action items with owners and dates.\n\nNotes:\n',
  },
  {
    id: 'prompt_community_commit_message',
    type: 'user',
    title: 'Write a commit message',
    content:
      'Write a git commit message for the diff below: a subject under 60 characters in the imperative mood, a blank line, then a short body saying what changed and why.\n\nDiff:\n',
  },
  {
    id: 'prompt_community_socratic_tutor',
    type: 'system',
    title: 'Socratic tutor',
    content:
      'Act as a patient tutor. Never give the answer outright: ask one guiding question at a time and build on what the learner says.',
  },
] as const

/**
 * Idempotent, run as the database's owner on every start: models are upserted, community
 * prompts inserted once (users may rate them). The community user is a platform account.
 */
export async function seedApp(db: SqlExecutor): Promise<void> {
  for (const model of seededModels) {
    await db.query(
      `insert into ai_models (id, name, description, provider) values ($1, $2, $3, $4)
       on conflict (id) do update set name = excluded.name, description = excluded.description,
         provider = excluded.provider`,
      [model.id, model.name, model.description, model.provider],
    )
  }
  await db.query(
    `insert into auth_users (id, email, display_name, created_at) values ($1, $2, $3, $4)
     on conflict (id) do nothing`,
    [COMMUNITY_USER.id, COMMUNITY_USER.email, COMMUNITY_USER.displayName, '2026-01-01T00:00:00Z'],
  )
  // Spaced a minute apart so "newest first" is a stable order.
  for (const [index, prompt] of seededPrompts.entries()) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()
    await db.query(
      `insert into prompts (id, user_id, title, content, type, is_public, is_active, created_at, updated_at)
       values ($1, $2, $3, $4, $5, '1', '0', $6, $6) on conflict (id) do nothing`,
      [prompt.id, COMMUNITY_USER.id, prompt.title, prompt.content, prompt.type, createdAt],
    )
  }
}
