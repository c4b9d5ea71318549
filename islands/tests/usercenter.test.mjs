// 个人中心 in the browser: the demo admin opens it from the avatar menu, changes the profile name and sees it in
// the top bar after a reload, uploads an avatar and sees it in the top bar at once (and is told when a file is too
// big or not a picture), changes the password and the phone number (with the 60 s code countdown), signs out and
// signs in with both new ones.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { COUNTDOWN, signIn, signOut } from "./flows.mjs";
import { HOME, expectTabs, shellReady, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("个人中心", () => {
  let server;
  let page;
  const newPhone = phone("137");
  const newPassword = "Center#2026x";

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  const avatarButton = () => page.locator('[data-island="account"] button[aria-haspopup="menu"]');
  const center = () => tabFrame(page, "个人中心");

  /** Opens 个人中心 from the avatar menu and returns its frame. */
  async function openCenter() {
    await avatarButton().click();
    await page.locator('[data-island="account"]').getByRole("menuitem", { name: "个人中心" }).click();
    const frame = await center();
    await frame.getByRole("navigation", { name: "个人中心" }).waitFor();
    return frame;
  }

  /** Submits a form of the frame by its button and waits for the page the server answers with. */
  async function submit(frame, form, label) {
    const loaded = frame.waitForNavigation({ waitUntil: "load" });
    await frame.locator(`form[data-form="${form}"]`).getByRole("button", { name: label, exact: true }).click();
    await loaded;
  }

  const notice = async (frame) => (await frame.locator("[data-notice]").first().textContent()).trim();

  it("lists the four sub-screens and shows 暂未绑定微信", async () => {
    let frame = await openCenter();
    await expectTabs(page, [HOME, "个人中心"], "个人中心", { [HOME]: "/home", 个人中心: "/usercenter" });
    const nav = frame.getByRole("navigation", { name: "个人中心" });
    assert.deepEqual((await nav.getByRole("link").allTextContents()).map((t) => t.trim()), ["账号安全", "微信绑定", "账号解绑", "账号注销"]);
    const loaded = frame.waitForNavigation({ waitUntil: "load" });
    await nav.getByRole("link", { name: "微信绑定" }).click();
    await loaded;
    frame = await center();
    assert.equal((await frame.locator("[data-wechat-empty]").textContent()).trim(), "暂未绑定微信");
    const back = frame.waitForNavigation({ waitUntil: "load" });
    await frame.getByRole("link", { name: "账号安全" }).click();
    await back;
  });

  it("changes the profile name, shown in the top bar after a reload", async () => {
    const frame = await center();
    await frame.locator("#name-name").fill("张测试");
    await submit(frame, "name", "保存");
    assert.equal(await notice(frame), "操作成功!");
    await page.reload();
    await shellReady(page);
    assert.match((await avatarButton().innerText()).replace(/\s+/g, " ").trim(), /张测试$/);
  });

  it("uploads an avatar PNG, shown in the top bar at once and after a reload; a too-big or non-image file is refused with its message", async () => {
    const frame = await center();
    const form = frame.locator("form[data-avatar-form]");
    const said = form.locator("[data-avatar-notice]");
    const choose = (name, mimeType, buffer) => form.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
    const upload = () => form.getByRole("button", { name: "上传头像" }).click();

    await choose("big.png", "image/png", Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    await upload();
    await assertText(said, "图片不能超过2MB");
    await choose("notes.txt", "text/plain", Buffer.from("not a picture"));
    await upload();
    await assertText(said, "图片格式不正确");
    // A file that only claims to be a PNG: the server looks at what it is.
    await choose("fake.png", "image/png", Buffer.from("<html>not a picture</html>"));
    await upload();
    await assertText(said, "图片格式不正确");

    await choose("me.png", "image/png", PNG);
    await upload();
    await assertText(said, "头像已更新");
    const src = await form.locator("img[data-avatar]").getAttribute("src");
    assert.match(src, /^\/uploads\/[0-9a-f]{32}\.png$/);
    // The top bar is the shell's, outside the personal center's frame.
    const img = avatarButton().locator("img");
    const shown = () => img.evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    await avatarButton().locator(`img[src="${src}"]`).waitFor({ timeout: 3000 }).catch(() => {});
    assert.deepEqual(await shown(), [src], "the top bar shows the new avatar without a reload");
    await page.waitForFunction((el) => el.complete && el.naturalWidth === 1, await img.elementHandle());

    await page.reload();
    await shellReady(page);
    assert.deepEqual(await shown(), [src], "the top bar shows the new avatar after a reload");
    await page.waitForFunction((el) => el.complete && el.naturalWidth === 1, await img.elementHandle());
  });

  it("changes the password and the phone number (with the code countdown), then signs in with both", async () => {
    const frame = await center();
    await frame.locator("#password-oldpassword").fill(ADMIN_PASSWORD);
    await frame.locator("#password-password").fill(newPassword);
    await frame.locator("#password-repassword").fill(newPassword + "x");
    await submit(frame, "password", "修改密码");
    assert.equal(await notice(frame), "两次输入密码不一致!");
    await frame.locator("#password-oldpassword").fill(ADMIN_PASSWORD);
    await frame.locator("#password-password").fill(newPassword);
    await frame.locator("#password-repassword").fill(newPassword);
    await submit(frame, "password", "修改密码");
    assert.equal(await notice(frame), "操作成功!");

    const seen = server.codes.length;
    await frame.locator("#phone-account").fill(newPhone);
    const send = frame.locator('form[data-form="phone"] [data-send-code]');
    await send.click();
    await assertText(frame.locator("[data-notice]").first(), "验证码已发送，请查收短信");
    assert.match((await send.textContent()).trim(), COUNTDOWN);
    assert.equal(await send.isDisabled(), true, "the button waits out the countdown");
    const { code, purpose } = await server.waitForCode(newPhone, { after: seen });
    assert.equal(purpose, "changephone");
    await frame.locator("#phone-code").fill(code);
    await frame.locator("#phone-password").fill(newPassword);
    await submit(frame, "phone", "更换手机号码");
    assert.equal(await notice(frame), "操作成功!");
    assert.equal((await frame.locator("[data-account]").textContent()).trim(), newPhone);

    await signOut(page);
    await signIn(page, { account: ADMIN_ACCOUNT, password: newPassword });
    assert.equal(new URL(page.url()).pathname, "/login", "the old account no longer signs in");
    await signIn(page, { account: newPhone, password: ADMIN_PASSWORD });
    assert.equal(new URL(page.url()).pathname, "/login", "the old password no longer signs in");
    await signIn(page, { account: newPhone, password: newPassword });
    assert.equal(new URL(page.url()).pathname, "/home");
    await shellReady(page);
    assert.match((await avatarButton().innerText()).replace(/\s+/g, " ").trim(), /张测试$/);
  });
});

/** Waits for locator to read text, then checks it (so a failure shows what it read). */
async function assertText(locator, text) {
  try {
    await locator.filter({ hasText: text }).waitFor({ timeout: PATIENCE });
  } catch {
    // fall through to the assertion, which names what was there
  }
  assert.equal((await locator.textContent()).trim(), text);
}
