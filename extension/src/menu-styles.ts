/** The menu panel's styles, inside the extension's own frame (menu.html): it fills the frame. */
export const MENU_CSS = `
html, body { margin: 0; height: 100%; background: transparent; }
.panel { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2937; text-align: left; letter-spacing: normal; }
* { box-sizing: border-box; }
button, input, a, h2, h3, p, span, li { font: inherit; }
button:focus-visible, a:focus-visible, input:focus-visible {
  outline: 2px solid #6366f1; outline-offset: 2px; }
.panel { position: fixed; inset: 0; display: flex;
  flex-direction: column; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px;
  overflow: hidden; }
.panel[hidden] { display: none; }
.head { display: flex; align-items: center; justify-content: space-between; padding: 10px 12px;
  border-bottom: 1px solid #f1f5f9; }
.head h2 { margin: 0; font-size: 14px; font-weight: 700; color: #312e81; }
.close { border: 0; background: transparent; cursor: pointer; font-size: 16px; color: #6b7280;
  padding: 2px 6px; border-radius: 6px; }
.close:hover { background: #f3f4f6; }
.search { margin: 8px 12px; padding: 6px 10px; border: 1px solid #d1d5db; border-radius: 8px;
  background: #fff; color: #111827; }
.body { overflow-y: auto; padding: 0 12px 12px; }
h3 { margin: 10px 0 4px; font-size: 11px; font-weight: 700; letter-spacing: .04em;
  text-transform: uppercase; color: #6b7280; }
ul { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: minmax(0, 1fr);
  gap: 4px; }
li { min-width: 0; }
.prompt { display: grid; gap: 2px; width: 100%; text-align: left; padding: 6px 8px;
  border: 1px solid #e5e7eb; border-radius: 8px; background: #fff; color: inherit; cursor: pointer; }
.prompt:hover { border-color: #a5b4fc; background: #f5f7ff; }
.title { font-weight: 600; color: #111827; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.snippet { color: #6b7280; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.rating { color: #b45309; font-size: 12px; }
.system { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border: 1px solid #e5e7eb;
  border-radius: 8px; }
.system .title { flex: 1; min-width: 0; }
.badge { flex-shrink: 0; font-size: 11px; font-weight: 700; color: #166534; background: #dcfce7; border-radius: 999px;
  padding: 1px 8px; }
.toggle { flex-shrink: 0; border: 1px solid #c7d2fe; border-radius: 6px; background: #eef2ff; color: #3730a3;
  padding: 2px 8px; cursor: pointer; }
.toggle[aria-pressed="true"] { background: #4f46e5; border-color: #4f46e5; color: #fff; }
.toggle:disabled { opacity: .6; cursor: progress; }
.empty, .note { color: #6b7280; margin: 6px 0; }
.error { color: #b91c1c; margin: 6px 0; }
.status { padding: 12px; display: grid; gap: 8px; }
.status a { color: #4338ca; font-weight: 600; }
.fill { display: grid; gap: 8px; padding-top: 8px; }
.field { display: grid; gap: 2px; }
.field span { font-size: 12px; font-weight: 600; color: #374151; }
.field input, .field select { padding: 6px 8px; border: 1px solid #d1d5db; border-radius: 8px;
  background: #fff; color: #111827; font: inherit; }
.preview { margin: 0; padding: 8px; border-radius: 8px; background: #f8fafc; color: #111827;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 120px; overflow-y: auto; }
.actions { display: flex; justify-content: flex-end; gap: 8px; }
.actions button { border-radius: 6px; padding: 4px 12px; cursor: pointer; font-weight: 600; }
.secondary { border: 1px solid #d1d5db; background: #fff; color: #374151; }
.primary { border: 1px solid #4f46e5; background: #4f46e5; color: #fff; }
select:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
`

/** The button and the frame's box, inside a shadow root in the site's page: the site's CSS cannot reach them. */
export const MENU_BUTTON_CSS = `
/* The host sits in the site's DOM: only !important here beats the site's rules for it. */
:host { all: initial !important; display: inline-block !important; position: relative !important;
  z-index: 2147483000 !important; vertical-align: middle !important;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif !important;
  color: #1f2937 !important; }
.trigger { display: inline-flex; align-items: center; gap: 4px; margin: 4px; padding: 4px 10px;
  border: 1px solid #c7d2fe; border-radius: 999px; background: #eef2ff; color: #3730a3;
  cursor: pointer; font: inherit; font-weight: 600; }
.trigger:hover, .trigger[aria-expanded="true"] { background: #e0e7ff; }
.trigger:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
.frame { position: fixed; width: 340px; height: min(480px, 70vh); border: 0; border-radius: 12px;
  background: transparent; box-shadow: 0 12px 32px rgba(15, 23, 42, .18); color-scheme: light; }
`
