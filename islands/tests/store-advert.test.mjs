// 店铺管理's 广告授权 column against the Amazon stand-in: a store group's 欧洲 row shows 未授权; 授权广告 opens
// Amazon's advertising consent in a new window, which comes back to /advresult with 授权成功; the list then shows
// 已授权 with the date, 加载配置文件 loads the advertiser's profiles, and 停用广告 (after confirming) shows 已停用.
// Screenshots go to SCREENSHOT_DIR (/tmp/shots-advert by default).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, phone, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const SHOTS = process.env.SCREENSHOT_DIR || "/tmp/shots-advert";

const OWNER = { account: phone("135"), password: "Owner#2026s", name: "吴十", email: "owner135@example.com", company: "深圳吴十跨境电商有限公司" };

before(() => getBrowser());
after(() => closeBrowser());

describe("店铺管理：广告授权", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: amazon.env });
    page = await newPage(server);
    // A newly registered company: the demo company already has a store group (演示店铺).
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const row = (frame, region) => frame.locator("tbody tr", { hasText: region });
  /** The 广告授权 and 广告授权时间 cells of a row, by their column headers. */
  async function advertCells(frame, region) {
    const headers = (await frame.locator("thead th").allInnerTexts()).map((t) => t.trim());
    const cells = (await row(frame, region).locator("td").allInnerTexts()).map((t) => t.trim());
    return [cells[headers.indexOf("广告授权")], cells[headers.indexOf("广告授权时间")]];
  }

  it("authorises advertising for a region in a new window and shows it in the list", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const list = await tabFrame(page, "店铺管理");
    await list.getByText("还没有店铺。下一步", { exact: false }).waitFor();
    await list.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = list.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("一号店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    await row(list, "欧洲").waitFor();
    assert.deepEqual(await advertCells(list, "欧洲"), ["未授权", "—"]);
    assert.equal(await row(list, "欧洲").getByRole("button", { name: "停用广告", exact: true }).count(), 0);

    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      row(list, "欧洲").getByRole("button", { name: "授权广告", exact: true }).click(),
    ]);
    await popup.setViewportSize({ width: 1280, height: 800 });
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    assert.equal(new URL(popup.url()).pathname, "/advresult");
    await popup.screenshot({ path: `${SHOTS}/store-advert-advresult-success.png` });

    // The result page tells the list, which shows 已授权 with the date while the consent window is still open.
    await row(list, "欧洲").getByText("已授权").waitFor({ timeout: PATIENCE });
    await popup.close();
    await page.bringToFront();
    const [state, time] = await advertCells(list, "欧洲");
    assert.equal(state, "已授权");
    assert.match(time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(await advertCells(list, "北美"), ["未授权", "—"]);
    await page.screenshot({ path: `${SHOTS}/store-advert-list-authorised.png` });
  });

  it("loads the profiles and disables the authorisation after confirming", async () => {
    const list = await tabFrame(page, "店铺管理");
    await row(list, "欧洲").getByRole("button", { name: "加载配置文件", exact: true }).click();
    assert.ok((await waitForToast(list, "已加载2个广告配置文件")).includes("已加载2个广告配置文件"));

    await row(list, "欧洲").getByRole("button", { name: "停用广告", exact: true }).click();
    // It asks first, naming the store and the region; the person reads it and says yes.
    await question(list, "停用广告授权：“一号店”欧洲");
    await sayYes(list, "停用");
    await row(list, "欧洲").getByText("已停用").waitFor();
    assert.equal((await advertCells(list, "欧洲"))[0], "已停用");
    assert.equal(await row(list, "欧洲").getByRole("button", { name: "授权广告", exact: true }).isVisible(), true, "it can be authorised again");
    await page.screenshot({ path: `${SHOTS}/store-advert-list-disabled.png` });
  });
});
