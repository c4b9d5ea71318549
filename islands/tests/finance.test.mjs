// 汇率 and 利润计算器 in the shell, as the seeded admin: set a month's rate in the dialog (the empty month and a
// rate of 0 are refused in Chinese) and see it in the list as the rate in force and in the currency's history;
// compute a product in the calculator from the keyboard (an empty price is named), save it as a plan, reopen
// the plan in 编辑计算方案 and see the same result. Screenshots go to /tmp/shots-finance/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

const SHOTS = process.env.SHOTS_DIR || "/tmp/shots-finance";

before(() => getBrowser());
after(() => closeBrowser());

describe("汇率与利润计算器", () => {
  let server;
  let page;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
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

  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });
  const shot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

  it("sets USD's rate for January 2026 and lists it as the rate in force and in USD's history", async () => {
    await openFromRail(page, "财务", "汇率");
    const frame = await tabFrame(page, "汇率");
    await frame.getByText("某月设置的汇率从该月起生效").waitFor();
    await row(frame, "USD").waitFor();
    assert.match(await row(frame, "USD").innerText(), /美元[\s\S]*7\.1[\s\S]*默认汇率/);

    await row(frame, "USD").getByRole("button", { name: "编辑汇率", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    // The currency is what the dialog edits the rate of, not a field: it reads as text, with no box around it.
    // Looked for once the dialog shows it: before the dialog opens there is no box either.
    const currency = dialog.getByRole("group", { name: "币种", exact: true });
    await currency.locator('[data-field="currency"]').waitFor();
    assert.equal(await dialog.getByRole("textbox", { name: "币种" }).count(), 0, "币种 is not a box to type in");
    assert.equal((await currency.locator('[data-field="currency"]').innerText()).trim(), "USD");
    assert.deepEqual(await currency.evaluate((g) => [...g.querySelectorAll("*")].filter((el) => el.matches("input, select, textarea") || parseFloat(getComputedStyle(el).borderTopWidth) > 0).length), 0, "no field and no border");
    const month = dialog.locator('input[name="month"]');
    const rate = dialog.locator('input[name="rate"]');
    await month.fill("");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await dialog.getByRole("alert").innerText()).trim(), "月份不能为空");
    await month.fill("2026-01");
    await rate.fill("0");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.getByRole("alert").getByText("汇率必须大于0", { exact: true }).waitFor();
    await rate.fill("7.25");
    await shot("rate-dialog");
    await rate.press("Enter");
    await dialog.waitFor({ state: "detached" });
    assert.ok((await waitForToast(frame, "操作成功!")).includes("操作成功!"));
    await row(frame, "USD").filter({ hasText: "7.25" }).waitFor();
    assert.match(await row(frame, "USD").innerText(), /7\.25[\s\S]*2026-01[\s\S]*7\.1[\s\S]*1/);

    await row(frame, "USD").getByRole("button", { name: "历史", exact: true }).click();
    const history = frame.getByRole("region", { name: "USD汇率历史" });
    await history.locator("tbody tr").filter({ hasText: "2026-01" }).filter({ hasText: "7.25" }).waitFor();
    await shot("rates");
  });

  it("computes a product from the keyboard, saves it as a plan and reopens the plan", async () => {
    await openFromRail(page, "财务", "利润计算器");
    const frame = await tabFrame(page, "利润计算器");
    const form = frame.getByRole("form", { name: "计算条件" });
    await form.locator('select[name="marketplace"]').waitFor();
    await frame.getByText("填写售价、成本、尺寸和重量后").waitFor();
    await form.locator('select[name="category"]').selectOption({ label: "电子配件" });
    for (const [name, value] of [["unitCost", "20"], ["firstLeg", "5"], ["length", "15"], ["width", "8"], ["height", "1.5"], ["weight", "0.1"]]) {
      await form.locator(`input[name="${name}"]`).fill(value);
    }
    // Enter computes; without a price the server's message is shown.
    await form.locator('input[name="weight"]').press("Enter");
    await form.getByRole("alert").getByText("售价不能为空", { exact: true }).waitFor();
    await form.locator('input[name="price"]').fill("19.99");
    await form.locator('input[name="price"]').press("Enter");
    const result = frame.getByRole("region", { name: "计算结果" });
    await result.getByTestId("profit-local").waitFor();
    // At USD 7.25 from January: 19.99 − 3.00 referral − 3.42 FBA − 25 CNY (3.45) = 10.12 USD.
    assert.equal(await result.getByTestId("tier").innerText(), "小号标准尺寸");
    assert.equal(await result.getByTestId("profit-local").innerText(), "$10.12");
    assert.match(await result.innerText(), /销售佣金（15%）\s+\$3\.00\s+¥21\.75/);
    const cny = await result.getByTestId("profit-cny").innerText();
    const margin = await result.getByTestId("margin").innerText();
    assert.match(await result.innerText(), /1 USD = 7\.25 CNY（2026-01起）/);
    await shot("calculator");

    await frame.getByRole("button", { name: "保存为方案", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("手机壳-美国站");
    await dialog.locator('input[name="name"]').press("Enter");
    await dialog.waitFor({ state: "detached" });
    const plans = frame.getByRole("region", { name: "计算方案" });
    await row(plans, "手机壳-美国站").waitFor();
    // The plan's price in the marketplace's currency and its cost in yuan, by the one money formatter.
    assert.match(await row(plans, "手机壳-美国站").innerText(), /\$19\.99[\s\S]*¥/);

    await row(plans, "手机壳-美国站").getByRole("button", { name: "打开", exact: true }).click();
    const editor = await tabFrame(page, "编辑计算方案");
    const edited = editor.getByRole("region", { name: "计算结果" });
    await edited.getByTestId("profit-local").waitFor();
    assert.equal(await editor.locator('input[name="name"]').inputValue(), "手机壳-美国站");
    assert.equal(await editor.locator('input[name="price"]').inputValue(), "19.99");
    assert.equal(await edited.getByTestId("profit-local").innerText(), "$10.12");
    assert.equal(await edited.getByTestId("profit-cny").innerText(), cny);
    assert.equal(await edited.getByTestId("margin").innerText(), margin);
    await shot("plan");
  });
});
