/* Helixis chat widget: paste <script src="{origin}/widget.js" data-workspace="{id}"></script> into a page.
   Self-contained (no framework); renders into a shadow root so the host page's styles never leak in.
   No inline script and no style attribute in markup: styles go in through a constructed stylesheet (CSSOM,
   which a page's CSP does not block) and the owner's accent colour through a custom property. */
(() => {
  const script = document.currentScript;
  if (!script || window.__helixisWidget) return;
  window.__helixisWidget = true;
  const workspace = script.getAttribute('data-workspace') || '';
  const origin = new URL(script.src, location.href).origin;
  const title = script.getAttribute('data-title') || 'Ask us anything';
  const HEX = /^#[0-9a-f]{6}$/i;

  /* The text colour that reads on the accent (WCAG relative luminance; the contract's accentTextColor). */
  const luminance = (hex) => {
    const c = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const textOn = (hex) => {
    const l = luminance(hex);
    return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#111111') + 0.05) ? '#ffffff' : '#111111';
  };

  const host = document.createElement('div');
  host.setAttribute('data-helixis-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  const CSS = `
  :host { all: initial; --hx-accent: #1d4ed8; --hx-on-accent: #ffffff; }
  .btn { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; border: 0; border-radius: 999px;
    padding: 12px 18px; background: var(--hx-accent); color: var(--hx-on-accent); font: 600 14px system-ui, sans-serif; cursor: pointer;
    box-shadow: 0 6px 20px rgba(0,0,0,.2); }
  .panel { position: fixed; right: 20px; bottom: 76px; z-index: 2147483000; width: 340px; max-width: calc(100vw - 40px);
    height: 440px; max-height: calc(100vh - 100px); display: none; flex-direction: column; background: #fff; color: #111;
    border: 1px solid #d4d4d8; border-radius: 12px; box-shadow: 0 10px 30px rgba(0,0,0,.2); font: 14px system-ui, sans-serif; }
  .panel[data-open="true"] { display: flex; }
  header { padding: 12px 14px; border-bottom: 1px solid #e4e4e7; font-weight: 600; display: flex; justify-content: space-between; }
  header button { border: 0; background: none; font-size: 18px; cursor: pointer; color: #52525b; }
  .log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
  .msg { padding: 8px 10px; border-radius: 10px; max-width: 85%; white-space: pre-wrap; line-height: 1.4; }
  .user { align-self: flex-end; background: var(--hx-accent); color: var(--hx-on-accent); }
  .bot { align-self: flex-start; background: #f4f4f5; }
  .err { align-self: flex-start; background: #fef2f2; color: #b91c1c; }
  .src { font-size: 12px; color: #52525b; margin-top: 4px; }
  .src a { color: inherit; text-decoration: underline; }
  .src a:focus-visible { outline: 2px solid var(--hx-accent); outline-offset: 2px; }
  form { display: flex; gap: 6px; padding: 10px; border-top: 1px solid #e4e4e7; }
  input { flex: 1; padding: 8px 10px; border: 1px solid #d4d4d8; border-radius: 8px; font: inherit; }
  form button { border: 0; border-radius: 8px; padding: 8px 12px; background: var(--hx-accent); color: var(--hx-on-accent); font: inherit; cursor: pointer; }
  form button:disabled { opacity: .6; cursor: default; }
  :host([data-position="bottom-left"]) .btn, :host([data-position="bottom-left"]) .panel { right: auto; left: 20px; }
  .suggest { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 12px 8px; }
  .suggest:empty { display: none; }
  .suggest button { border: 1px solid var(--hx-accent); background: #fff; color: #111; border-radius: 999px;
    padding: 6px 10px; font: 13px system-ui, sans-serif; cursor: pointer; text-align: left; }
  .suggest button:hover { background: #f4f4f5; }
  button:focus-visible, input:focus-visible { outline: 2px solid var(--hx-accent); outline-offset: 2px; }
`;
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
  const shell = document.createElement('div');
  shell.innerHTML = `
<button class="btn" type="button" aria-expanded="false">Chat with us</button>
<section class="panel" role="dialog" aria-label="Chat">
  <header><span class="title"></span><button type="button" class="close" aria-label="Close chat">×</button></header>
  <div class="log" role="log" aria-live="polite"></div>
  <div class="suggest" role="group" aria-label="Suggested questions"></div>
  <form><input name="q" aria-label="Your question" placeholder="Type your question…" autocomplete="off" maxlength="1000" />
  <button type="submit">Send</button></form>
</section>`;
  while (shell.firstChild) root.appendChild(shell.firstChild);
  const $ = (sel) => root.querySelector(sel);
  const button = $('.btn');
  const panel = $('.panel');
  const log = $('.log');
  const form = $('form');
  const input = $('input');
  const send = $('form button');
  const suggest = $('.suggest');
  $('.title').textContent = title;

  const toggle = (open) => {
    panel.setAttribute('data-open', String(open));
    button.setAttribute('aria-expanded', String(open));
    if (open) input.focus();
  };
  button.addEventListener('click', () => toggle(panel.getAttribute('data-open') !== 'true'));
  $('.close').addEventListener('click', () => toggle(false));

  const add = (kind, text, sources) => {
    const el = document.createElement('div');
    el.className = `msg ${kind}`;
    el.textContent = text;
    if (sources?.length) {
      const src = document.createElement('div');
      src.className = 'src';
      src.append('Sources: ');
      sources.forEach((s, i) => {
        if (i > 0) src.append(', ');
        /* Each source opens the public passage view on the Helixis origin, in a new tab; only a same-origin
           path from the server is turned into a link, anything else stays plain text. */
        const url = typeof s.url === 'string' && s.url.startsWith('/p/') ? new URL(s.url, origin) : null;
        if (!url || url.origin !== origin) {
          src.append(String(s.title));
          return;
        }
        const a = document.createElement('a');
        a.href = url.href;
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        a.textContent = String(s.title);
        a.setAttribute('aria-label', `${s.title} (opens in a new tab)`);
        src.appendChild(a);
      });
      el.appendChild(src);
    }
    log.appendChild(el);
    log.scrollTop = log.scrollHeight;
  };

  const ask = async (message) => {
    if (!message || send.disabled) return;
    suggest.replaceChildren();
    add('user', message);
    send.disabled = true;
    try {
      const res = await fetch(`${origin}/functions/v1/widget-chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ workspace, message }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) add('err', body?.error?.message || 'Something went wrong. Please try again.');
      else add('bot', body.reply, body.sources);
    } catch {
      add('err', 'The chat is not reachable right now. Please try again later.');
    } finally {
      send.disabled = false;
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const message = input.value.trim();
    if (!message || send.disabled) return;
    input.value = '';
    void ask(message);
  });

  /* The owner's display settings: greeting, accent colour, suggested questions, position. Each value is
     checked again here before use; text only ever goes in through textContent. */
  const apply = (config) => {
    if (typeof config?.accent_color === 'string' && HEX.test(config.accent_color)) {
      host.style.setProperty('--hx-accent', config.accent_color);
      host.style.setProperty('--hx-on-accent', textOn(config.accent_color));
    }
    host.setAttribute('data-position', config?.position === 'bottom-left' ? 'bottom-left' : 'bottom-right');
    if (typeof config?.greeting === 'string' && config.greeting.trim()) add('bot greeting', config.greeting.trim());
    const questions = Array.isArray(config?.suggested_questions) ? config.suggested_questions.slice(0, 4) : [];
    for (const q of questions) {
      if (typeof q !== 'string' || !q.trim()) continue;
      const chip = document.createElement('button');
      chip.type = 'button';
      chip.textContent = q.trim();
      chip.addEventListener('click', () => void ask(q.trim()));
      suggest.appendChild(chip);
    }
  };
  fetch(`${origin}/functions/v1/widget-config?workspace=${encodeURIComponent(workspace)}`)
    .then((res) => (res.ok ? res.json() : null))
    .then((config) => apply(config))
    .catch(() => apply(null));

  (document.body || document.documentElement).appendChild(host);
})();
