// Columns sized to what they hold, at 1280 px in the shell, on lists with dates, stock figures and row actions
// (本地产品, 店铺管理, 数据同步: the demo company, its 欧洲 account authorised at the Amazon stand-in so that it has
// syncs): no header or date cut, by its own box or by the 操作 column stuck over it, and every 操作 cell and header
// on one line. Screenshots at 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { signIn } from "./flows.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";

// cutCells lists, in every table of the document, the headers and the date or date-time cells whose text does not
// show whole (wider than its box, past the table's scrolled box, or under the 操作 column that sticks at its right
// edge), the headers on more than one line, and the 操作 cells whose buttons do not sit on one line.
function cutCells() {
  const out = [];
  const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
  // The most lines any one run of text in el takes.
  const lines = (el) => {
    let most = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      most = Math.max(most, new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size);
    }
    return most;
  };
  const textBox = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  for (const table of document.querySelectorAll("table")) {
    const box = table.parentElement.getBoundingClientRect();
    const headRow = table.tHead.rows[0];
    const heads = [...headRow.cells].map((th) => th.textContent.replace(/[↕▲▼]/g, "").trim());
    const actions = heads.at(-1) === "操作" ? headRow.cells[headRow.cells.length - 1] : null;
    const right = actions ? Math.min(box.right, actions.getBoundingClientRect().left) : box.right;
    const shows = (el, name) => {
      if (el.scrollWidth > el.clientWidth) return `${name}: ${el.clientWidth}px holds ${el.scrollWidth}px`;
      const t = textBox(el);
      if (t.width > 0 && (t.left < box.left - 0.5 || t.right > right + 0.5)) return `${name}: shows ${Math.max(0, Math.round(right - t.left))}px of ${Math.round(t.width)}px`;
      return "";
    };
    [...headRow.cells].forEach((th, i) => {
      if (th === actions) return;
      const problem = shows(th, `header ${heads[i]}`);
      if (problem) out.push(problem);
    });
    for (const th of headRow.cells) if (lines(th) > 1) out.push(`header ${th.textContent.trim()} on ${lines(th)} lines`);
    for (const tr of table.tBodies[0].rows) {
      [...tr.cells].forEach((td, i) => {
        const text = td.textContent.trim();
        if (DATE.test(text)) {
          const problem = shows(td, `${heads[i]} ${text}`);
          if (problem) out.push(problem);
        }
        if (td.cellIndex === headRow.cells.length - 1 && actions) {
          const tops = new Set([...td.querySelectorAll("button, a")].map((b) => Math.round(b.getBoundingClientRect().top)));
          if (tops.size > 1) out.push(`操作 of "${tr.cells[0].textContent.trim()}" on ${tops.size} lines`);
        }
      });
    }
  }
  return out;
}

before(() => getBrowser());
after(() => closeBrowser());

describe("列宽: 1280 px", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: { ...amazon.env, SELLERHUB_DEMO_DATA: "true", SELLERHUB_REPORT_POLL: "200ms" } });
    page = await newPage(server, { viewport: { width: 1280, height: 800 } });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  /** Opens a list from the rail and answers its table's problems once its rows are in. */
  async function problemsOf(group, entry, rowText, shot = entry) {
    await openFromRail(page, group, entry);
    const frame = await tabFrame(page, entry);
    // A tab opened before shows the rows it had then.
    for (const refresh of await frame.getByRole("button", { name: "刷新", exact: true }).all()) await refresh.click();
    if (rowText) await frame.locator('table[aria-busy="false"] tbody tr', { hasText: rowText }).first().waitFor({ timeout: 30000 });
    else await frame.locator("[data-empty]").first().waitFor();
    // An empty list shows so before its columns have come: their widths are judged once they have.
    await tableLoaded(frame);
    await frame.locator("body").evaluate(() => document.fonts.ready);
    await page.screenshot({ path: artifact(`table-widths-${shot}-desktop.png`) });
    return { frame, cut: await frame.locator("body").evaluate(cutCells) };
  }

  it("本地产品: no header or date cut, 操作 on one line", async () => {
    // The demo's first page: the products made from its listings, named from the catalogue.
    const { cut } = await problemsOf("产品", "本地产品", "Northpeak");
    assert.deepEqual(cut, []);
  });

  it("数据同步 with the demo's runs: every header on one line", async () => {
    const { cut } = await problemsOf("授权", "数据同步", "演示店铺", "数据同步-demo");
    assert.deepEqual(cut, []);
  });

  it("店铺管理: no header or date cut, 操作 on one line", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    const europe = stores.locator("tbody tr", { hasText: "欧洲" });
    await europe.getByRole("button", { name: "授权", exact: true }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();
    await stores.getByRole("button", { name: "刷新", exact: true }).click();
    const { cut } = await problemsOf("授权", "店铺管理", "欧洲");
    assert.deepEqual(cut, []);
  });

  it("数据同步: no header or date cut, 操作 on one line", async () => {
    const { frame, cut } = await problemsOf("授权", "数据同步", "欧洲");
    assert.deepEqual(cut, []);
    // Once the first syncs are done their dates show too; the history has its start and end times.
    await frame.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: /\d{2}:\d{2}:\d{2}/ }).first().waitFor({ timeout: 60000 });
    assert.deepEqual(await frame.locator("body").evaluate(cutCells), []);
  });

  it("draws the three lists at 1280 px and 390 px, light and dark, for a person to look at", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          for (const [name, address] of [["本地产品", "/erp/material/localproduct"], ["店铺管理", "/amazon/storeAuth"], ["数据同步", "/amazon/datasync"]]) {
            await look.goto(`${address}?embed=1`);
            await tableLoaded(look);
            await look.locator("tbody tr").first().waitFor();
            await look.screenshot({ path: artifact(`table-widths-${name}-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          }
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
