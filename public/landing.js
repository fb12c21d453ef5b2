// The landing page's only script (`/` loads no React): FAQ accordion, Contact Us form, back to
// top. Plain ES2020, no dependencies; the markup is in features/landing/ui/. See
// docs/decisions/0008-landing-without-runtime-js.md.
(() => {
  'use strict';
  const $ = (selector, root = document) => root.querySelector(selector);

  // FAQ: one answer open at a time; pressing the open one's button closes it.
  const triggers = [...document.querySelectorAll('[data-faq-trigger]')];
  const setOpen = (button, open) => {
    button.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(button.getAttribute('aria-controls'));
    if (panel) panel.hidden = !open;
  };
  for (const button of triggers) {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      for (const other of triggers) if (other !== button) setOpen(other, false);
      setOpen(button, open);
    });
  }

  // Theme: the navbar switch's twin (docs/product.md#theme), raw text under tasklane.theme. Each
  // press moves System → Light → Dark → System.
  const theme = $('[data-theme-toggle]');
  if (theme) {
    const NAMES = { system: 'System', light: 'Light', dark: 'Dark' };
    let current;
    const show = (value) => {
      current = value === 'light' || value === 'dark' ? value : 'system';
      if (current === 'system') delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = current;
      theme.title = `Theme: ${NAMES[current]}`;
      theme.setAttribute('aria-label', theme.title);
      for (const icon of theme.querySelectorAll('[data-theme-icon]')) {
        icon.classList.toggle('hidden', icon.dataset.themeIcon !== current);
      }
    };
    const read = () => {
      try {
        return localStorage.getItem('tasklane.theme');
      } catch {
        return null;
      }
    };
    show(read());
    theme.addEventListener('click', () => {
      show({ system: 'light', light: 'dark', dark: 'system' }[current]);
      try {
        if (current === 'system') localStorage.removeItem('tasklane.theme');
        else localStorage.setItem('tasklane.theme', current);
      } catch {
        // storage full or blocked: the theme lasts for this page only
      }
    });
    window.addEventListener('storage', () => show(read()));
  }

  // Back to top: shown once the page is scrolled down; scrolls without adding #top to the URL.
  const up = $('[data-back-to-top]');
  if (up) {
    const showAfter = Number(up.dataset.showAfter) || 0;
    let hidden;
    const update = () => {
      if (hidden !== (hidden = window.scrollY <= showAfter)) up.toggleAttribute('data-hidden', hidden);
    };
    window.addEventListener('scroll', update, { passive: true });
    update();
    up.addEventListener('click', (event) => {
      event.preventDefault();
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      document.getElementById(up.dataset.focus)?.focus({ preventScroll: true });
    });
  }

  // Contact Us: checked here with the rules the page was built with, sent as JSON.
  const form = $('[data-contact-form]');
  if (!form || !window.fetch) return;
  let rules;
  try {
    rules = JSON.parse(form.dataset.rules);
  } catch {
    return; // the browser's own checks and a plain post remain
  }
  const names = Object.keys(rules.fields);
  const field = (name) => form.elements.namedItem(name);
  const status = $('[data-contact-status]', form);
  const alert = $('[data-contact-alert]', form);
  const button = $('[type=submit]', form);
  const label = $('[data-label]', button);
  const counter = $('[data-contact-counter]', form);
  const describedBy = new Map(names.map((name) => [name, field(name)?.getAttribute('aria-describedby')]));
  const count = new Intl.NumberFormat('en-US');
  let invalid = null;
  let busy = false;
  let reporting = false;

  const updateCounter = () => {
    const message = field('message');
    if (!counter || !message) return;
    counter.textContent = rules.counter.replace('{count}', count.format(message.value.length));
    counter.toggleAttribute('data-over', message.value.length > rules.fields.message.maxLength);
  };
  const setInvalid = (name) => {
    const old = invalid && field(invalid);
    if (old) {
      old.removeAttribute('aria-invalid');
      const base = describedBy.get(invalid);
      if (base) old.setAttribute('aria-describedby', base);
      else old.removeAttribute('aria-describedby');
    }
    invalid = name;
    const input = name && field(name);
    if (!input) return;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', [alert?.id, describedBy.get(name)].filter(Boolean).join(' '));
    input.focus();
  };
  const show = (tone, text) => {
    if (status) status.textContent = tone === 'success' ? text : '';
    if (alert) {
      alert.hidden = tone !== 'error';
      alert.textContent = tone === 'error' ? text : '';
    }
  };
  const fail = (text, name = null) => {
    show('error', text);
    setInvalid(names.includes(name) ? name : null);
  };
  const setBusy = (value) => {
    busy = value;
    form.setAttribute('aria-busy', String(value));
    for (const name of names) if (field(name)) field(name).readOnly = value;
    // aria-disabled, not disabled: the button keeps keyboard focus while the message is sent.
    if (value) button?.setAttribute('aria-disabled', 'true');
    else button?.removeAttribute('aria-disabled');
    if (label) label.textContent = value ? rules.sending : rules.send;
  };
  // The first problem, in the schema's order: required (after trimming), too long, wrong type.
  const check = () => {
    for (const name of names) {
      const input = field(name);
      const rule = rules.fields[name];
      const value = input ? input.value.trim() : '';
      const text = !value
        ? rule.required
        : value.length > rule.maxLength
          ? rule.tooLong
          : rule.invalid && input.validity.typeMismatch
            ? rule.invalid
            : null;
      if (text) return { name, text };
    }
    return null;
  };

  form.addEventListener('input', (event) => {
    if (event.target === field('message')) updateCounter();
    // Editing the field a problem was about, or starting a new message, retires the old notice.
    if (invalid && event.target === field(invalid)) {
      setInvalid(null);
      show(null, '');
    } else if (status?.textContent) {
      show(null, '');
    }
  });

  // The browser's own checks (required, type) still run first (setting noValidate would change
  // the markup React hydrates in development); the page reports what they find in its own alert.
  form.addEventListener(
    'invalid',
    (event) => {
      event.preventDefault(); // no browser bubble
      if (reporting) return; // one report for the whole submit attempt
      reporting = true;
      setTimeout(() => {
        reporting = false;
        const problem = check();
        if (problem) fail(problem.text, problem.name);
        else fail(event.target.validationMessage, event.target.name);
      });
    },
    true,
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const problem = check();
    if (problem) return fail(problem.text, problem.name);
    show(null, '');
    setInvalid(null);
    setBusy(true);
    try {
      const values = Object.fromEntries(names.map((name) => [name, field(name)?.value ?? '']));
      let response;
      try {
        response = await fetch(form.getAttribute('action'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(values),
        });
      } catch {
        return fail(rules.failure);
      }
      const body = await response.json().catch(() => ({}));
      const message = typeof body?.message === 'string' ? body.message : '';
      if (response.ok) {
        for (const name of names) if (field(name)) field(name).value = '';
        updateCounter();
        return show('success', message || rules.success);
      }
      // A 5xx says "Internal server error": not something a visitor can act on.
      const text = message && response.status < 500 ? message : rules.failure;
      fail(text, response.status === 400 ? body?.issues?.[0]?.path : null);
    } finally {
      setBusy(false);
    }
  });

  if (field('message')?.value) updateCounter(); // the browser restored a draft
})();

// The service worker (the App Router pages register it from components/pwa/; this page has no
// React). Registered after the page's load, in production builds only (where the page renders the
// prompt). When a new version waits, the prompt is shown, and Reload hands over to the new version
// and reloads once. The message names are shell/pwa/messages.ts's.
// docs/decisions/0018-installable-and-offline.md.
(() => {
  'use strict';
  const container = navigator.serviceWorker;
  const prompt = document.querySelector('[data-update-toast]');
  // No prompt on the page: `next dev`, which builds no service worker.
  if (!container || !prompt) return;
  container.addEventListener('message', (event) => {
    if (event.data?.type !== 'tasklane:assets?' || !event.ports[0]) return;
    const urls = new Set();
    const add = (url) => {
      const parsed = new URL(url, location.href);
      if (parsed.origin === location.origin && parsed.pathname.startsWith('/_next/static/'))
        urls.add(parsed.pathname);
    };
    for (const element of document.querySelectorAll('script[src]')) add(element.src);
    for (const element of document.querySelectorAll('link[href]')) add(element.href);
    for (const entry of performance.getEntriesByType('resource')) add(entry.name);
    event.ports[0].postMessage([...urls]);
  });
  container.startMessages();

  const offer = (waiting) => {
    if (!waiting || !container.controller) return;
    const button = prompt.querySelector('button');
    button.onclick = () => {
      button.disabled = true;
      let reloading = false;
      container.addEventListener('controllerchange', () => {
        if (reloading) return;
        reloading = true;
        location.reload();
      });
      waiting.postMessage({ type: 'tasklane:skip-waiting' });
    };
    prompt.hidden = false;
  };

  const start = async () => {
    try {
      const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
      container.controller?.postMessage({ type: 'tasklane:page-loaded' });
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
    } catch (error) {
      console.warn('Service worker registration failed', error);
    }
  };
  // After the load event, once the main thread is idle (shared/hooks/after-load-idle.ts): the install
  // downloads the whole build and must not compete with the page.
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 10000 });
    else setTimeout(start, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
})();
