import { createAnthropicFake } from './anthropic-fake'
import { realSleep } from './fake-triggers'
import type { FakeDeps, ProviderFake, RecordedProviderRequest, Sleep } from './fake-types'
import { createGoogleFake } from './google-fake'
import { createCompatibleFake } from './openai-compatible-fake'
import { createOpenAIFake } from './openai-fake'

export interface ProviderFakes {
  openai: ProviderFake
  anthropic: ProviderFake
  google: ProviderFake
  /** A user's own OpenAI-compatible server (openai-compatible-fake.ts). */
  compatible: ProviderFake
  /** Every request any of the fakes received, oldest first (rejected ones too). */
  readonly requests: readonly RecordedProviderRequest[]
  /** Forgets the requests `keep` does not hold on to (every one, without it). */
  clearRequests(keep?: (request: RecordedProviderRequest) => boolean): void
}

export interface ProviderFakesOptions {
  /** How `[slow:ms]` waits; tests pass one that does not. */
  sleep?: Sleep
  now?: () => number
}

/** The provider fakes (three hosted, one compatible server) over one shared record of the requests they received. */
export function createProviderFakes(options: ProviderFakesOptions = {}): ProviderFakes {
  const requests: RecordedProviderRequest[] = []
  const deps: FakeDeps = {
    record: (request) => requests.push(request),
    sleep: options.sleep ?? realSleep,
    now: options.now ?? Date.now,
  }
  return {
    openai: createOpenAIFake(deps),
    anthropic: createAnthropicFake(deps),
    google: createGoogleFake(deps),
    compatible: createCompatibleFake(deps),
    requests,
    clearRequests: (keep = () => false) => {
      const kept = requests.filter(keep)
      requests.splice(0, requests.length, ...kept)
    },
  }
}
