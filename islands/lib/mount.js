// Mounts React islands: each is a <div data-island="name"> holding a plain-HTML fallback and a
// <script type="application/json"> with its props (or, for the shell, the page-wide #shell-props). createRoot,
// not hydrateRoot: the fallback HTML is templ's, not React's, and is simply replaced.
import { createRoot } from "react-dom/client";
import { createElement } from "react";

export function readProps(el, fallbackId) {
  const own = el.querySelector(':scope > script[type="application/json"]');
  const script = own || (fallbackId && document.getElementById(fallbackId));
  return script ? JSON.parse(script.textContent) : {};
}

export function mount(name, Component, props) {
  for (const el of document.querySelectorAll(`[data-island="${name}"]`)) {
    const p = props || readProps(el);
    el.textContent = "";
    createRoot(el).render(createElement(Component, p));
  }
}
