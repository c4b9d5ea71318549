// 发货地址 and 仓库地址 (issue 46) as the seeded admin: an empty list says what to do; 新增发货地址 in the dialog with
// the fields Amazon's inbound API takes, a wrong country code told in Chinese and nothing saved; two addresses,
// the second made default (设为默认) and shown first; a warehouse address names its warehouse; 删除 asks first.
// Screenshots at 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("发货地址与仓库地址", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (7460000000000110, (SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}'), '地址仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  async function fill(dialog, values) {
    for (const [name, value] of Object.entries(values)) {
      const field = dialog.locator(`[name="${name}"]`);
      if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
      else await field.fill(value);
    }
  }

  it("adds two ship-from addresses, refusing a wrong country, and makes the second the default", async () => {
    await openFromRail(page, "物流", "发货地址");
    const frame = await tabFrame(page, "发货地址");
    await frame.getByText("还没有发货地址，点击“新增发货地址”填写，发货时即可选用。").waitFor();
    for (const [i, [name, city]] of [["张三", "深圳"], ["李四", "广州"]].entries()) {
      await frame.getByRole("button", { name: "新增发货地址", exact: true }).click();
      const dialog = frame.locator("dialog[open]");
      await fill(dialog, { name, companyName: "跨境贸易有限公司", addressLine1: "宝安大道1号", city, stateOrProvince: "GD", postalCode: "518000", countryCode: "CHINA", phone: "13800000000" });
      if (i === 0) {
        await dialog.getByRole("button", { name: "保存", exact: true }).click();
        assert.equal((await dialog.getByRole("alert").innerText()).trim(), "国家/地区不能超过2个字符");
        await page.screenshot({ path: artifact("addresses-refused-desktop.png") });
      }
      await fill(dialog, { countryCode: "cn" });
      await dialog.getByRole("button", { name: "保存", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      await frame.locator("tbody tr").filter({ hasText: name }).waitFor();
    }
    const li = frame.locator("tbody tr").filter({ hasText: "李四" });
    await li.getByRole("button", { name: "设为默认" }).click();
    await frame.locator("tbody tr").first().filter({ hasText: "李四" }).filter({ hasText: "默认" }).waitFor();
    assert.match(await frame.locator("tbody tr").first().innerText(), /李四[\s\S]*广州[\s\S]*CN/);
    await page.screenshot({ path: artifact("addresses-ship-from-desktop.png") });

    const zhang = frame.locator("tbody tr").filter({ hasText: "张三" });
    await zhang.getByRole("button", { name: "删除" }).click();
    const asked = await question(frame, "删除发货地址");
    assert.equal((await asked.locator("p").innerText()).trim(), "删除“张三，深圳 宝安大道1号”后不可恢复。");
    await sayYes(frame, "删除");
    await zhang.waitFor({ state: "detached" });
  });

  it("adds a warehouse address that names its warehouse", async () => {
    await openFromRail(page, "仓库", "仓库地址");
    const frame = await tabFrame(page, "仓库地址");
    await frame.getByRole("button", { name: "新增仓库地址", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await fill(dialog, { name: "王五", addressLine1: "福永街道2号", city: "深圳", postalCode: "518103", phone: "0755-12345678" });
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await dialog.getByRole("alert").innerText()).trim(), "仓库不能为空");
    await fill(dialog, { warehouseId: "7460000000000110" });
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.match(await frame.locator("tbody tr").filter({ hasText: "王五" }).innerText(), /地址仓[\s\S]*王五[\s\S]*福永街道2号/);
  });

  it("draws the lists at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/erp/address?embed=1");
          await look.getByRole("cell", { name: "李四" }).waitFor();
          await look.getByRole("button", { name: "新增发货地址", exact: true }).click();
          await look.screenshot({ path: artifact(`addresses-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
