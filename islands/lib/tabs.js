// Opening a tab from inside a tab's page. The shell (window.sellerhubShell in the parent frame) opens or activates
// the tab titled title on path (navigation links carry ?title&path); replace closes the tab asking, as a create
// page does when it hands over to the record it made. A page opened on its own, without the shell, just goes there.
export function openTab(title, path, query = {}, replace = false) {
  const params = new URLSearchParams({ ...query, title, path });
  if (replace) params.set("replace", "true");
  const url = `${path}?${params}`;
  const shell = window.parent !== window ? window.parent.sellerhubShell : null;
  if (!shell) {
    window.location.href = url;
    return;
  }
  shell.open(title, url, window.name.startsWith("tab:") ? window.name.slice(4) : "");
}
