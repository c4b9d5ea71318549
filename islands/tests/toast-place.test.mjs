// Where a toast sits (issue 43, item 12): a toast hides no heading and no action. It shows at the bottom of its
// page (bottom right at 1280 px, the whole width above the safe area at 390 px), never over the tab strip, the
// page's title or the buttons and fields above its list. Seen on 仓库 after 启用, at 1280 px and 390 px;
// screenshots light and dark go to islands/tests/artifacts/toast-place-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { shellReady, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const WIDTHS = [
  [1280, { width: 1280, height: 800 }],
  [390, { width: 390, height: 844 }],
];

/** Dark mode as the top bar's switch applies it, to the shell and its frames. */
async function setDark(page, dark) {
  await page.evaluate((on) => {
    localStorage.setItem("dark", on ? "1" : "0");
    for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
      doc?.documentElement?.classList.toggle("dark", on);
    }
  }, dark);
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("提示的位置", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** Calls the JSON API from frame, as its islands do, and returns the envelope's data. */
  async function call(frame, method, path, body) {
    const envelope = await frame.evaluate(
      async ([method, path, body]) => {
        const init = { method, headers: { "Content-Type": "application/json" } };
        if (body) init.body = JSON.stringify(body);
        return (await fetch(`/erp/api/v1/${path}`, init)).json();
      },
      [method, path, body],
    );
    assert.equal(envelope.code, "201", `${method} ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  for (const [width, viewport] of WIDTHS) {
    it(`at ${width} px, the toast after 启用 covers neither the tab strip nor 仓库's title and actions`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`/erp/warehouse/base?${new URLSearchParams({ title: "仓库", path: "/erp/warehouse/base" })}`);
      await shellReady(page);
      const frame = await tabFrame(page, "仓库");
      const row = (text) => frame.locator("tbody tr").filter({ hasText: text });
      await row("深圳自有仓").waitFor();
      const names = ["light", "dark"].map((mode) => `提示仓${width}${mode}`);
      for (const name of names) {
        const w = await call(frame, "POST", "warehouse", { name, kind: "own", address: "", allowNegative: false, remark: "" });
        await call(frame, "POST", `warehouse/${w.id}/disable`);
      }
      await frame.getByRole("button", { name: "刷新", exact: true }).click();
      await row(names[1]).waitFor();

      for (const [i, mode] of ["light", "dark"].entries()) {
        await setDark(page, mode === "dark");
        await row(names[i]).getByRole("button", { name: "启用", exact: true }).click();
        // The box is read in the frame the moment the toast shows: a success closes itself after 4 s, which a
        // loaded machine can spend between two round trips of the test.
        const inFrame = await (
          await frame.waitForFunction(
            (text) => {
              const t = document.querySelector('#toasts [data-toast="success"]');
              if (!t?.textContent.includes(text)) return null;
              const r = t.getBoundingClientRect();
              return { x: r.x, y: r.y, width: r.width, height: r.height };
            },
            "操作成功!",
            { timeout: PATIENCE },
          )
        ).jsonValue();
        const shownAt = await page.locator('#tab-frames iframe[title="仓库"]').boundingBox();
        const toastBox = { ...inFrame, x: inFrame.x + shownAt.x, y: inFrame.y + shownAt.y };
        assert.ok(toastBox.x >= 0 && toastBox.x + toastBox.width <= viewport.width + 0.5, `the toast fits the width: ${JSON.stringify(toastBox)}`);
        assert.ok(toastBox.y + toastBox.height <= viewport.height + 0.5, `the toast is on screen: ${JSON.stringify(toastBox)}`);

        const strip = await page.locator('[data-island="tabbar"]').boundingBox();
        assert.ok(!overlap(toastBox, strip), `the toast ${JSON.stringify(toastBox)} covers the tab strip ${JSON.stringify(strip)}`);
        const topBar = await page.locator("header").first().boundingBox();
        if (topBar) assert.ok(!overlap(toastBox, topBar), `the toast ${JSON.stringify(toastBox)} covers the top bar ${JSON.stringify(topBar)}`);

        // The page's header: its title, and every button, link and field above the list (page coordinates).
        const listTop = (await frame.locator("thead").first().boundingBox()).y;
        // The band above the list, the page's whole width: its title, its filters and its actions live there.
        const shown = await page.locator('#tab-frames iframe[title="仓库"]').boundingBox();
        const band = { x: shown.x, y: shown.y, width: shown.width, height: listTop - shown.y };
        assert.ok(!overlap(toastBox, band), `the toast ${JSON.stringify(toastBox)} sits in the page's header band ${JSON.stringify(band)}`);
        const header = frame.locator("h1, button, a[href], input:not([type=hidden]), select, [role=combobox]");
        let checked = 0;
        for (const el of await header.all()) {
          if (!(await el.isVisible())) continue;
          if ((await el.evaluate((e) => !!e.closest("#toasts")))) continue;
          const box = await el.boundingBox();
          if (!box || box.y >= listTop) continue;
          checked++;
          const what = `${await el.evaluate((e) => e.tagName)} ${(await el.textContent())?.trim() || (await el.getAttribute("placeholder")) || ""}`;
          assert.ok(!overlap(toastBox, box), `the toast ${JSON.stringify(toastBox)} covers the header's ${what} ${JSON.stringify(box)}`);
        }
        assert.ok(checked >= 2, `the header's title and actions were checked (${checked})`);
        await page.screenshot({ path: artifact(`toast-place-${width}-${mode}.png`) });
      }
      await setDark(page, false);
    });
  }
});
