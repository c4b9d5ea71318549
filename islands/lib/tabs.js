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

// retitle says the page is now another (a plan submitted is its 发货计划详情): the page's heading reads heading, and
// in the shell its tab is titled title at the frame's current address, so that a refresh or a reload of the shell
// reopens what the page now is. Opened on its own, the window's title follows.
export function retitle(title, heading = title) {
  const h1 = document.querySelector("main h1");
  if (h1 && heading) h1.textContent = heading;
  const shell = window.parent !== window ? window.parent.sellerhubShell : null;
  if (!shell?.rename || !window.name.startsWith("tab:")) {
    document.title = `${title} - sellerhub`;
    return;
  }
  // The shell served at this address opens its tab under ?title (a reload of the whole window).
  const url = new URL(window.location.href);
  url.searchParams.delete("embed");
  url.searchParams.delete("replace");
  url.searchParams.set("title", title);
  const from = window.name.slice(4);
  window.name = `tab:${title}`;
  shell.rename(from, title, url.pathname + url.search);
}
