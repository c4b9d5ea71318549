// The tab bar: opens, activates, refreshes and closes tabs, each holding its page alive in its own frame (so a
// half-filled form and the scroll position survive switching tabs). The address bar follows the active tab, and
// the open tabs are remembered for this browser tab so a reload restores them.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { HOME_TITLE, closeLeft, closeOthers, closeRight, closeTab, frameURL, openTab, renameTab } from "./tabs.js";

const MENU_DELAY_MS = 250;

function storageKey(userId) {
  return `sellerhub.tabs.${userId}`;
}

function initialState({ tabs, userId }) {
  const active = tabs.find((t) => t.active) || tabs[0];
  let state = { tabs: [{ title: HOME_TITLE, url: "/home" }], active: HOME_TITLE };
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(userId)) || "null");
    if (saved && Array.isArray(saved.tabs)) {
      for (const t of saved.tabs) if (t.title !== HOME_TITLE) state = openTab(state, t);
    }
  } catch {
    // Unreadable saved tabs: start afresh.
  }
  // The address bar is the truth: a remembered tab of the same title takes the address the server just served.
  state = openTab(state, active);
  return { ...state, tabs: state.tabs.map((t) => (t.title === active.title ? { ...t, url: active.url } : t)) };
}

export default function TabBar(props) {
  const [state, setState] = useState(() => initialState(props));
  const frames = useRef(new Map());
  const stateRef = useRef(state);
  stateRef.current = state;

  // Frames live outside React in #tab-frames, so that re-rendering the bar never reloads a page. The frame the
  // server rendered for the first tab is adopted as it is.
  useEffect(() => {
    const host = document.getElementById("tab-frames");
    const live = new Set(state.tabs.map((t) => t.title));
    for (const [title, frame] of frames.current) {
      if (!live.has(title)) {
        frame.remove();
        frames.current.delete(title);
      }
    }
    const active = state.tabs.find((t) => t.title === state.active);
    if (!frames.current.has(active.title)) {
      // The frame the server rendered for its tab is named tab:<title>; a new one is named before it loads, so
      // that its page knows its tab (content.js reads window.name) from the start.
      let frame = host.querySelector(`iframe[name="tab:${CSS.escape(active.title)}"]`);
      if (!frame) {
        frame = document.createElement("iframe");
        frame.className = "tab-frame";
        frame.title = active.title;
        frame.name = `tab:${active.title}`;
        frame.src = frameURL(active.url);
        host.appendChild(frame);
      }
      frames.current.set(active.title, frame);
    }
    for (const frame of host.querySelectorAll("iframe")) {
      if (![...frames.current.values()].includes(frame)) frame.remove();
    }
    for (const [title, frame] of frames.current) frame.dataset.active = String(title === state.active);
    if (window.location.pathname + window.location.search !== active.url) {
      window.history.replaceState(null, "", active.url);
    }
    document.title = `${active.title} - sellerhub`;
    try {
      sessionStorage.setItem(storageKey(props.userId), JSON.stringify(state));
    } catch {
      // Storage full or blocked: tabs are just not remembered.
    }
  }, [state, props.userId]);

  const open = useCallback((title, url, from) => {
    setState((s) => {
      let next = openTab(s, { title, url });
      // A create page that hands over to its detail page asks to be closed (replace=true).
      if (from && from !== title && new URL(url, window.location.origin).searchParams.get("replace") === "true") {
        next = closeTab({ ...next, active: title }, from);
      }
      return next;
    });
  }, []);

  // rename retitles a tab whose page became another, keeping its frame (and what the page holds): the frame is
  // keyed, titled and named by the new title, and a frame open under that title gives way.
  const rename = useCallback((from, title, url) => {
    const s = stateRef.current;
    const next = renameTab(s, from, { title, url });
    if (next === s) return;
    const frame = frames.current.get(from);
    if (title !== from) {
      frames.current.get(title)?.remove();
      frames.current.delete(title);
    }
    if (frame) {
      frames.current.delete(from);
      frame.title = title;
      frame.name = `tab:${title}`;
      frames.current.set(title, frame);
    }
    setState(next);
  }, []);

  const refresh = useCallback((title) => {
    const frame = frames.current.get(title);
    if (frame) frame.contentWindow.location.reload();
  }, []);

  const escape = useCallback(() => {
    if (document.querySelector('[role="dialog"]')) return;
    setState((s) => closeTab(s, s.active));
  }, []);

  useEffect(() => {
    window.sellerhubShell = { open, refresh, escape, rename };
    const onClick = (event) => {
      const a = event.target.closest("a[data-tab-link]");
      if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      a.blur();
      open(a.dataset.title || a.textContent.trim(), a.getAttribute("href"));
    };
    const onKey = (event) => {
      if (event.key === "Escape" && !event.defaultPrevented) escape();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, escape, rename]);

  // The active tab is always wholly seen: with more tabs than the strip holds, the strip scrolls sideways to it
  // whenever the active tab changes (opened, clicked, a neighbour taking over from a closed tab, restored on load)
  // and whenever the strip's width changes (the window narrowed, the fonts arrived).
  const bar = useRef(null);
  useLayoutEffect(() => {
    const strip = bar.current;
    if (!strip) return undefined;
    const reveal = () => {
      const tab = strip.querySelector(`[data-tab="${CSS.escape(state.active)}"]`);
      if (tab) revealTab(strip, tab);
    };
    reveal();
    const watcher = new ResizeObserver(reveal);
    watcher.observe(strip);
    return () => watcher.disconnect();
  }, [state.active, state.tabs.length]);

  const act = (fn, title) => setState((s) => fn(s, title));

  return (
    <nav ref={bar} className="flex h-full items-end gap-1 overflow-x-auto px-2" aria-label="页签" role="tablist">
      {state.tabs.map((t) => (
        <Tab
          key={t.title}
          tab={t}
          active={t.title === state.active}
          onActivate={() => setState((s) => ({ ...s, active: t.title }))}
          onClose={() => act(closeTab, t.title)}
          onRefresh={() => refresh(t.title)}
          onCloseOthers={() => act(closeOthers, t.title)}
          onCloseRight={() => act(closeRight, t.title)}
          onCloseLeft={() => act(closeLeft, t.title)}
        />
      ))}
    </nav>
  );
}

// revealTab scrolls the strip the least that brings tab wholly into its visible box, keeping the strip's padding
// beside it. Only the strip scrolls (scrollIntoView would also move the shell, which never scrolls).
function revealTab(strip, tab) {
  const box = strip.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  const pad = parseFloat(getComputedStyle(strip).paddingLeft) || 0;
  if (at.left < box.left + pad) strip.scrollLeft -= box.left + pad - at.left;
  else if (at.right > box.right - pad) strip.scrollLeft += Math.min(at.right - (box.right - pad), at.left - (box.left + pad));
}

function Tab({ tab, active, onActivate, onClose, onRefresh, onCloseOthers, onCloseRight, onCloseLeft }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuAt, setMenuAt] = useState({ left: 0, top: 0 });
  const timer = useRef(0);
  const caret = useRef(null);
  // The strip scrolls sideways, which would clip a menu hanging below it: the menu is placed on the page
  // (position: fixed) under its ▾ instead.
  useEffect(() => {
    if (!menuOpen) return;
    const r = caret.current.getBoundingClientRect();
    setMenuAt({ left: Math.min(r.left, window.innerWidth - 140), top: r.bottom + 2 });
  }, [menuOpen]);
  const home = tab.title === HOME_TITLE;
  const hoverOpen = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMenuOpen(true), MENU_DELAY_MS);
  };
  const hoverClose = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMenuOpen(false), MENU_DELAY_MS);
  };
  const choose = (fn) => () => {
    setMenuOpen(false);
    fn();
  };
  const base = "group relative flex shrink-0 items-center rounded-t border border-b-0 text-sm";
  const look = active
    ? "border-slate-200 bg-slate-50 font-medium text-sky-800 dark:border-slate-600 dark:bg-slate-900 dark:text-sky-300"
    : "border-transparent text-slate-600 hover:text-sky-800 dark:text-slate-300";
  return (
    <div className={`${base} ${look}`} data-tab={tab.title} onMouseLeave={hoverClose}>
      <a
        href={tab.url}
        role="tab"
        aria-selected={active}
        className="py-1.5 pl-3 pr-1"
        onClick={(e) => {
          e.preventDefault();
          onActivate();
        }}
      >
        {tab.title}
      </a>
      <button
        ref={caret}
        type="button"
        className="rounded px-1 text-xs text-slate-400 hover:bg-slate-200 hover:text-slate-700 dark:hover:bg-slate-700 dark:hover:text-slate-100"
        aria-label={`${tab.title}的操作`}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        onMouseEnter={hoverOpen}
        onClick={() => setMenuOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && menuOpen) {
            e.preventDefault();
            setMenuOpen(false);
          }
        }}
      >
        ▾
      </button>
      {!home && (
        <button
          type="button"
          className="mr-1 rounded px-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 dark:hover:bg-slate-700 dark:hover:text-slate-100"
          aria-label={`关闭${tab.title}`}
          onClick={onClose}
        >
          ×
        </button>
      )}
      {menuOpen && (
        <ul
          role="menu"
          style={{ left: menuAt.left, top: menuAt.top }}
          className="fixed z-50 w-32 rounded-md bg-white py-1 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700"
          onMouseEnter={() => clearTimeout(timer.current)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              setMenuOpen(false);
            }
          }}
        >
          {[
            ["刷新页面", onRefresh],
            ["关闭其他页签", onCloseOthers],
            ["关闭右边", onCloseRight],
            ["关闭左边", onCloseLeft],
          ].map(([label, fn]) => (
            <li key={label} role="none">
              <button type="button" role="menuitem" className="block w-full px-3 py-1.5 text-left hover:bg-sky-50 dark:hover:bg-slate-700" onClick={choose(fn)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
