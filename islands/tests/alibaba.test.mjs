// 1688账号绑定 and 1688结算 as a buyer (the company's owner, who buys on 1688) uses them, against the 1688 stand-in
// (app/alibaba/alibabatest/cmd): binds the buyer account through the stand-in's consent page, follows the import
// to its end, maps the one line no product stands for (its purchase order is made), reads the purchase order an
// order became, then 1688结算's payments, each unmatched one with what to do, and an order's settlement.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, PATIENCE, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// startAlibaba builds and starts the stand-in, answering its address and the variables that point the product at it.
async function startAlibaba() {
  const dir = mkdtempSync(join(tmpdir(), "sellerhub-1688-"));
  const bin = join(dir, "alibabatest");
  execFileSync("go", ["build", "-o", bin, "./app/alibaba/alibabatest/cmd"], { cwd: root, env: { ...process.env, CGO_ENABLED: "0" }, stdio: "inherit" });
  const child = spawn(bin, ["-addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = [];
  await new Promise((resolve, reject) => {
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        lines.push(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
      if (lines.some((l) => l.startsWith("SELLERHUB_ALIBABA_GATEWAY_URL="))) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the 1688 stand-in exited (${code})`)));
  });
  const env = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  return {
    env,
    stop() {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

before(() => getBrowser());
after(() => closeBrowser());

const OWNER = { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD };
const TECH = "3001688000000002";
const BOXES = "3001688000000001";
const HOOKS = "3001688000000003";

describe("1688账号绑定 and 1688结算", () => {
  let standin;
  let server;
  let page;

  before(async () => {
    standin = await startAlibaba();
    server = await startServer({ env: standin.env });
    page = await newPage(server);
    await signInToShell(page, OWNER);
    // A warehouse and four products through the calls their own screens make; two products already carry their
    // 1688 offer (as a mapping made earlier would have kept).
    const made = await page.evaluate(async () => {
      const post = async (path, body) => {
        const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        return (await r.json()).code;
      };
      const codes = [await post("/erp/api/v1/warehouse", { name: "深圳仓", kind: "own" })];
      for (const [sku, name] of [["BOX-1", "彩色包装盒"], ["CABLE-1", "Type-C数据线"], ["CASE-BK", "手机壳 黑"], ["HOOK-10", "挂钩"]]) {
        codes.push(await post("/erp/api/v1/material", { sku, name }));
      }
      return codes;
    });
    assert.deepEqual(made, ["201", "201", "201", "201", "201"]);
    for (const [sku, offer] of [["BOX-1", "610000000004"], ["CABLE-1", "610000000002"]]) {
      server.sql(`INSERT INTO alibaba_product_links (company_id, offer_id, spec_id, product_id) SELECT company_id, ?, '', id FROM local_products WHERE sku = ?`, offer, sku);
    }
  });
  after(async () => {
    await page?.context().close();
    await server?.stop();
    standin?.stop();
  });

  it("binds the buyer account, imports its orders and maps the waiting line", async () => {
    await openFromRail(page, "采购", "1688账号绑定");
    const view = await tabFrame(page, "1688账号绑定");
    await view.getByText("尚未绑定1688账号").waitFor();
    await view.getByRole("button", { name: "绑定1688账号" }).click();
    await view.getByText("请选择收货仓库").waitFor();
    await view.getByLabel("收货仓库").selectOption({ label: "深圳仓" });
    const [consent] = await Promise.all([page.context().waitForEvent("page"), view.getByRole("button", { name: "绑定1688账号" }).click()]);
    await consent.getByText("授权应用访问您的1688账号").waitFor();
    await consent.getByRole("button", { name: "同意授权" }).click();
    await consent.getByText("授权成功").first().waitFor({ timeout: PATIENCE });
    await consent.close();

    await view.getByRole("button", { name: "刷新", exact: true }).first().click();
    const account = view.locator("section[aria-label='1688账号'] tbody tr");
    await account.getByText("测试买家").waitFor();
    await account.getByText("已完成（5 个订单").waitFor({ timeout: PATIENCE });
    const orders = view.locator("section[aria-label='1688订单']");
    const row = (id) => orders.locator("tbody tr", { hasText: id });
    await row(BOXES).waitFor();
    // The list is loaded again once the import ends and may show part of the orders before: counted once all are in.
    await orders.locator("tbody tr").nth(4).waitFor();
    assert.equal(await orders.locator("tbody tr").count(), 5);
    await row(TECH).getByText("1 行待配对").waitFor();
    await row(BOXES).getByText("圆通速递 YT1234567890").waitFor();
    await page.screenshot({ path: artifact("alibaba-binding.png") });

    await row(TECH).getByRole("button", { name: "配对" }).click();
    const dialog = view.getByRole("dialog", { name: "配对本地产品" });
    await dialog.getByText("硅胶手机壳 黑色").waitFor();
    await dialog.getByRole("textbox").first().fill("CASE");
    await dialog.getByRole("button", { name: "添加 CASE-BK" }).click();
    await dialog.getByText("已配对 CASE-BK").waitFor();
    await dialog.getByRole("button", { name: "关闭" }).click();
    await row(TECH).getByText(/^CG\d{8}-\d{4}$/).waitFor();

    // The boxes' order became a purchase order of its supplier, made at the import.
    const number = (await row(BOXES).getByText(/^CG\d{8}-\d{4}$/).innerText()).trim();
    await row(BOXES).getByRole("button", { name: "采购单" }).click();
    const po = await tabFrame(page, `采购单 ${number}`);
    await po.getByText("义乌市优品包装有限公司").first().waitFor();
    await po.getByText("BOX-1").first().waitFor();
    await po.getByText(`1688订单 ${BOXES}`, { exact: false }).first().waitFor();
  });

  it("lists the payments matched to the purchase orders, each unmatched one with what to do", async () => {
    await openFromRail(page, "财务", "1688结算");
    const view = await tabFrame(page, "1688结算");
    const rows = view.locator("tbody tr");
    await rows.first().waitFor();
    assert.equal(await rows.count(), 3);
    const totals = view.locator("section[aria-label='1688结算汇总']");
    await totals.getByText("未匹配（3 笔）").waitFor();
    assert.equal(await totals.getByText("¥1,817.00").count(), 2, "paid 1,817.00, none of it matched yet");
    const hooks = rows.filter({ hasText: HOOKS });
    await hooks.getByText("未生成采购单").waitFor();
    await hooks.getByText("1行商品未配对本地产品", { exact: false }).waitFor();
    await rows.filter({ hasText: BOXES }).getByText("无付款申请").waitFor();
    await rows.filter({ hasText: BOXES }).getByText("在付款申请中为采购单", { exact: false }).waitFor();
    await page.screenshot({ path: artifact("alibaba-settlement.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), view.getByRole("button", { name: "导出", exact: true }).click()]);
    assert.match(download.suggestedFilename(), /^1688结算_\d{4}-\d{2}-\d{2}\.xlsx$/);

    await hooks.getByRole("button", { name: "订单详情" }).click();
    const detail = await tabFrame(page, `1688结算 ${HOOKS}`);
    await detail.getByText("东莞市精工五金厂").waitFor();
    await detail.getByText("待配对").waitFor();
    await detail.getByText("诚e赊").waitFor();
  });

  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      it(`draws at ${width} px in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport: { width, height: 900 } });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, OWNER);
          for (const [path, name] of [["/erp/purchase/binding", "binding"], ["/erp/finance/alibaba", "settlement"]]) {
            await look.goto(`${path}?embed=1`);
            await look.locator("tbody tr").first().waitFor();
            await look.evaluate(() => document.fonts.ready);
            await look.screenshot({ path: artifact(`alibaba-${name}-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
          }
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
