// The 配货单's 打印 button: the page reads and prints without it (the browser's own print), this only saves a
// keystroke. A static file, as the content security policy allows no inline script.
for (const b of document.querySelectorAll("[data-print]")) b.addEventListener("click", () => window.print());
