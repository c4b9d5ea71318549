// 轮换应用密钥 in 店铺管理, as the platform's operator (the seeded admin) against the Amazon stand-in: the product
// application's secret was issued 170 days ago, so the demo store's row says it ends within 30 days and offers the
// rotation. Amazon first refuses (the notification queue is not registered): the refusal says so and the secret
// stays. Once registered, the rotation asks first, then the row shows the new secret's day, 180 days on.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const NOT_ENROLLED = "该应用未在开发者中心登记接收新密钥的通知队列，亚马逊拒绝轮换，应用密钥未改变。" +
  "请在开发者中心的通知设置（Notification Preferences）中为 Application Client New Secret 填写 SQS 队列后再试";

/** The day n days from today in Beijing time, as YYYY-MM-DD. */
const dayFromNow = (n) => new Date(Date.now() + n * 86400000 + 8 * 3600000).toISOString().slice(0, 10);

before(() => getBrowser());
after(() => closeBrowser());

describe("轮换应用密钥", () => {
  let amazon;
  let server;
  let page;

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: { ...amazon.env, SELLERHUB_AMAZON_CLIENT_SECRET_ISSUED: dayFromNow(-170) } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const northAmerica = (frame) => frame.locator("tbody tr", { hasText: "北美" }).first();

  it("refuses while Amazon has no queue for the new secret, then rotates after the operator confirms", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const list = await tabFrame(page, "店铺管理");
    const due = dayFromNow(10);
    await northAmerica(list).getByText(`已授权（应用密钥${due} 到期）`).waitFor();
    const rotate = northAmerica(list).getByRole("button", { name: "轮换应用密钥", exact: true });

    await rotate.click();
    const asked = await question(list, "轮换应用密钥");
    assert.match(await asked.innerText(), new RegExp(`密钥 ${due} 到期。轮换后所有公司的店铺改用新密钥`));
    await page.screenshot({ path: artifact("store-secret-rotation-ask.png") });
    await sayYes(list, "轮换");
    assert.ok((await waitForToast(list, NOT_ENROLLED)).includes(NOT_ENROLLED), "the refusal says why");
    await northAmerica(list).getByText(`已授权（应用密钥${due} 到期）`).waitFor();

    const enrolled = await fetch(`${amazon.url}/control/enroll-rotation`, { method: "POST" });
    assert.equal(enrolled.status, 200);
    await rotate.click();
    await sayYes(list, "轮换");
    const renewed = dayFromNow(180);
    assert.ok((await waitForToast(list, `应用密钥已轮换，新密钥 ${renewed} 到期`)).includes(`应用密钥已轮换，新密钥 ${renewed} 到期`));
    await northAmerica(list).getByText("已授权", { exact: true }).waitFor();
    assert.equal(await rotate.count(), 0, "a fresh secret offers no rotation");
    await page.screenshot({ path: artifact("store-secret-rotation-done.png") });
  });
});
