// Runs inside a tab's frame. Links marked data-tab-link ask the shell to open (or activate) a tab instead of
// navigating the frame, and Esc in the page closes the tab as it does in the shell. Opened on its own (no
// shell around it), the page keeps its plain links.
const shell = window.parent !== window ? window.parent.sellerhubShell : null;
const myTitle = window.name.startsWith("tab:") ? window.name.slice(4) : "";

if (shell) {
  document.addEventListener("click", (event) => {
    const a = event.target.closest("a[data-tab-link]");
    if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    shell.open(a.dataset.title || a.textContent.trim(), a.getAttribute("href"), myTitle);
  });
  document.addEventListener("keydown", (event) => {
    const field = event.target.closest("input, textarea, select, [contenteditable]");
    // Esc in an open dialog closes the dialog (the browser's cancel), not the tab under it.
    const dialog = event.target.closest("dialog[open]") || document.querySelector("dialog[open]");
    if (event.key === "Escape" && !event.defaultPrevented && !field && !dialog) shell.escape();
  });
}
