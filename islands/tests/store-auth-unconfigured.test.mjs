// 店铺管理 on a server with no Amazon application configured (no SELLERHUB_AMAZON_* settings): the list works, and
// 授权 says 未配置亚马逊应用，请联系管理员 at once, opening neither the consent dialog nor a window (it used to open
// a blank window, then name SELLERHUB_AMAZON_APP_ID to the seller); 授权广告 likewise says the advertising
// application is missing. No environment variable is named on the screen; the server's log names them, at start
// and at each refusal.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

const SELLER_APP_MISSING = "未配置亚马逊应用，请联系管理员";
const ADVERT_APP_MISSING = "系统未配置亚马逊广告应用，暂不能授权";

before(() => getBrowser());
after(() => closeBrowser());

describe("店铺管理 without an Amazon application", () => {
  let server;
  let page;
  const opened = []; // every window the page opens

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    page.context().on("page", (p) => opened.push(p.url()));
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  // The demo company's 演示店铺, one row per region; its North American seller account is the demo's (already
  // authorised), so 授权 is tried on the European row.
  const row = (frame, region) => frame.locator("tbody tr", { hasText: region });

  /** Clicks a row's action and waits for the error toast it should give instead of opening anything. */
  async function expectRefusedAtOnce(frame, region, action, message) {
    const before = opened.length;
    await row(frame, region).getByRole("button", { name: action, exact: true }).click();
    const seen = await waitForToast(frame, message);
    assert.ok(seen.includes(message), `${action} says ${message}; the toasts: ${JSON.stringify(seen)}`);
    assert.equal(await frame.locator(`#toasts [data-toast="error"]`, { hasText: message }).count(), 1, "as an error");
    assert.equal(await frame.locator("dialog[open]").count(), 0, `${action} opens no dialog`);
    assert.deepEqual(opened.slice(before), [], `${action} opens no window`);
    assert.equal((await frame.locator("body").innerText()).includes("SELLERHUB_"), false, "no environment variable on the screen");
  }

  it("the start logs, for the administrator, which variables give the product its application", () => {
    const said = server.log().split("\n").filter((l) => l.includes("no Amazon application configured"));
    assert.equal(said.length, 1, `one line at start: ${JSON.stringify(said)}`);
    assert.match(said[0], /SELLERHUB_AMAZON_CLIENT_ID/);
  });

  it("授权 says the application is not configured before anything opens", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const list = await tabFrame(page, "店铺管理");
    await row(list, "欧洲").waitFor();
    await expectRefusedAtOnce(list, "欧洲", "授权", SELLER_APP_MISSING);
    // The seller is told to ask the administrator; the administrator finds the variables in the log.
    const refused = server.log().split("\n").filter((l) => l.includes("seller consent refused"));
    assert.equal(refused.length, 1, `the refusal is logged: ${server.log().slice(-2000)}`);
    assert.match(refused[0], /SELLERHUB_AMAZON_APP_ID/);
  });

  it("授权广告 says the advertising application is not configured before anything opens", async () => {
    const list = await tabFrame(page, "店铺管理");
    await expectRefusedAtOnce(list, "北美", "授权广告", ADVERT_APP_MISSING);
  });
});
