// The avatar menu and the session: two companies registered through /register (owners O and P); O binds P's
// account through 切换账号 > + 添加账号, switches to P and back, and signs out with 退出. And the check across
// browser tabs: signing in again in a second tab makes the first say 账户异常，正在刷新浏览器 and reload.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, phone, startServer, waitForNotice } from "./harness.mjs";
import { registerCompany, signIn, where } from "./flows.mjs";
import { HOME, activeFrame, expectTabs, openFromRail, recordToasts, shellReady, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("账号", () => {
  let server;
  let page;
  // P's account sorts first in the 切换账号 list, which lists by account.
  const O = { account: phone("136"), password: "Owner#2026o", name: "赵六", email: "zhaoliu@example.com", company: "厦门甲方贸易有限公司" };
  const P = { account: phone("135"), password: "Owner#2026p", name: "钱七", email: "qianqi@example.com", company: "宁波乙方电子商务有限公司" };

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...O });
    await registerCompany(page, server, { js: true, ...P });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  const avatar = (p = page) => p.locator('[data-island="account"] button[aria-haspopup="menu"]');
  const menu = (p = page) => p.locator('[data-island="account"] [role="menu"]');
  const boundList = () => page.getByRole("list", { name: "已绑定的账号" });

  /** The shell shows user u: the avatar button, the company at the top of the avatar menu, and 首页. */
  async function expectSignedInAs(u) {
    assert.equal(new URL(page.url()).pathname, "/home", `expected /home, the browser is on ${where(page)}`);
    await shellReady(page);
    assert.equal((await avatar().innerText()).replace(/\s+/g, " ").trim(), `${u.name.slice(0, 1)} ${u.name}`,
      "the avatar shows the user's initial and name");
    await avatar().click();
    const company = menu().locator('[aria-disabled="true"]');
    assert.equal((await company.textContent()).trim(), u.company, "the avatar menu starts with the company");
    await avatar().click();
    await menu().waitFor({ state: "detached" });
    assert.equal((await activeFrame(page).locator("[data-user-name]").textContent()).trim(), u.name);
    assert.equal((await activeFrame(page).locator("[data-company]").textContent()).trim(), u.company);
  }

  /** The accounts in the 切换账号 list (listed by account), as "✓ name company" lines, then + 添加账号. */
  async function boundAccounts() {
    await boundList().waitFor();
    const items = boundList().getByRole("menuitem");
    const out = [];
    for (const t of await items.allInnerTexts()) out.push(t.replace(/\s+/g, " ").trim());
    return out;
  }

  it("shows the avatar menu: company (disabled), 个人中心, 切换账号, 清缓存, 退出; no 返回旧系统 for a password login", async () => {
    await signInToShell(page, O);
    await expectSignedInAs(O);
    await avatar().click();
    const items = (await menu().getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(items, [O.company, "个人中心", "切换账号", "清缓存", "退出"]);
    assert.equal(await menu().getByRole("menuitem", { name: O.company }).getAttribute("aria-disabled"), "true");

    // 个人中心 opens in a tab.
    await menu().getByRole("menuitem", { name: "个人中心" }).click();
    await expectTabs(page, [HOME, "个人中心"], "个人中心", { [HOME]: "/home", 个人中心: "/usercenter" });
    await menu().waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await expectTabs(page, [HOME], HOME, { [HOME]: "/home" });
  });

  it("binds P's account through 切换账号 > + 添加账号, switches to P, and back to O", async () => {
    await avatar().click();
    await menu().getByRole("menuitem", { name: "切换账号" }).click();
    assert.deepEqual(await boundAccounts(), [`✓ ${O.name} ${O.company}`, "+ 添加账号"], "only O is there, ticked");
    await boundList().getByRole("menuitem", { name: "+ 添加账号" }).click();

    const dialog = page.getByRole("dialog", { name: "添加账号" });
    await dialog.getByRole("heading", { name: "添加账号" }).waitFor();
    // A wrong password is refused in the dialog.
    await dialog.getByLabel("账号").fill(P.account);
    await dialog.getByLabel("密码").fill("Wrong#2026");
    await dialog.getByRole("button", { name: "绑定" }).click();
    await dialog.getByRole("alert").waitFor();
    assert.match(await dialog.getByRole("alert").textContent(), /密码|账号/, "a wrong password says what is wrong");
    await dialog.getByLabel("密码").fill(P.password);
    await dialog.getByRole("button", { name: "绑定" }).click();
    const seen = await waitForToast(page, "操作成功!");
    assert.ok(seen.includes("操作成功!"), `toast after 绑定: ${JSON.stringify(seen)}`);
    await dialog.waitFor({ state: "detached" });

    // The list shows both, O ticked (the avatar menu is opened again if binding closed it).
    if ((await menu().count()) === 0) await avatar().click();
    const deadline = Date.now() + PATIENCE;
    let listed = await boundAccounts();
    while (listed.length < 3 && Date.now() < deadline) listed = await boundAccounts();
    assert.deepEqual(listed, [`${P.name} ${P.company}`, `✓ ${O.name} ${O.company}`, "+ 添加账号"]);

    // Click P: the shell comes back as P.
    const navigation = page.waitForNavigation({ waitUntil: "load" });
    await boundList().getByRole("menuitem", { name: new RegExp(P.name) }).click();
    await navigation;
    await expectSignedInAs(P);

    // And back to O: P's list shows both, P ticked.
    await avatar().click();
    await menu().getByRole("menuitem", { name: "切换账号" }).click();
    assert.deepEqual(await boundAccounts(), [`✓ ${P.name} ${P.company}`, `${O.name} ${O.company}`, "+ 添加账号"]);
    const back = page.waitForNavigation({ waitUntil: "load" });
    await boundList().getByRole("menuitem", { name: new RegExp(O.name) }).click();
    await back;
    await expectSignedInAs(O);
  });

  it("清缓存 says 操作成功! and reloads the shell", async () => {
    await avatar().click();
    const reloaded = page.waitForNavigation({ waitUntil: "load" });
    await menu().getByRole("menuitem", { name: "清缓存" }).click();
    const seen = await waitForToast(page, "操作成功!");
    assert.ok(seen.includes("操作成功!"), `toast after 清缓存: ${JSON.stringify(seen)}`);
    await reloaded;
    await expectSignedInAs(O);
  });

  it("退出 from the avatar menu lands on /login with 登出成功!", async () => {
    await avatar().click();
    const navigation = page.waitForNavigation({ waitUntil: "load" });
    await menu().getByRole("menuitem", { name: "退出" }).click();
    await navigation;
    assert.equal(new URL(page.url()).pathname, "/login");
    assert.equal(await waitForNotice(page, "登出成功!"), "登出成功!");
    // The session is over: /home asks to sign in.
    await page.goto("/home");
    await page.waitForURL((u) => u.pathname === "/login");
  });

  it("says 账户异常，正在刷新浏览器 and reloads when the account signs in again in another browser tab", async () => {
    await signInToShell(page, O);
    // The first tab may notice the new login (its storage event) while the second is still loading its shell, and
    // reloads 1.2 s after it says so: what it says is recorded as it happens, and the reload awaited from now on.
    const shown = await recordToasts(page);
    const reloaded = page.waitForNavigation({ waitUntil: "load", timeout: 30000 });
    reloaded.catch(() => {}); // awaited below; a failure before that point is the test's own
    const second = await page.context().newPage();
    try {
      await second.goto("/login");
      await signIn(second, O);
      assert.equal(new URL(second.url()).pathname, "/home");
      await shellReady(second);

      // The first tab notices, says so, and reloads into the new session.
      await page.bringToFront();
      const said = await shown.until("账户异常，正在刷新浏览器", 10000);
      assert.ok(said, `the first tab's toasts: ${JSON.stringify(shown.seen())}`);
      await reloaded;
      await expectSignedInAs(O);
      // Once reloaded it is the current login: the check the shell runs when its tab is shown again (it warns at
      // once, if at all) warns no more.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      assert.deepEqual(await page.locator("#toasts [data-toast]").count(), 0);
    } finally {
      await second.close();
    }
  });
});

// Signing in from another browser ends this one's session. Its next call lands on /login, which says why, and what
// the tab's form held comes back once it signs in again.
describe("账号已在其他地方登录", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  const admin = { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD };

  it("says so on the login page and gives an unsaved form its values back after signing in again", async () => {
    const page = await newPage(server);
    const other = await newPage(server);
    try {
      await signInToShell(page, admin);
      await openFromRail(page, "产品", "本地产品");
      const list = await tabFrame(page, "本地产品");
      await list.getByRole("button", { name: "新增产品", exact: true }).click();
      let form = await tabFrame(page, "新增本地产品");
      const typed = { sku: "DRAFT-001", name: "未保存的耳机", price: "12.50" };
      for (const [name, value] of Object.entries(typed)) await form.locator(`input[name="${name}"]`).fill(value);
      await form.locator('textarea[name="remark"]').fill("签退前写的备注");

      // The same account signs in from another browser.
      await other.goto("/login");
      await signIn(other, admin);
      assert.equal(new URL(other.url()).pathname, "/home");

      // The first browser's next action: it lands on /login, which says why.
      await form.getByRole("button", { name: "保存", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/login");
      assert.equal(await waitForNotice(page, "账号已在其他地方登录"), "账号已在其他地方登录");

      // Signed in again, the tab is back with what was typed.
      await signIn(page, admin);
      await shellReady(page);
      form = await tabFrame(page, "新增本地产品");
      for (const [name, value] of Object.entries(typed)) {
        await form.locator(`input[name="${name}"]`).waitFor();
        await form.waitForFunction(([n, v]) => document.querySelector(`input[name="${n}"]`)?.value === v, [name, value], { timeout: PATIENCE })
          .catch(() => {});
        assert.equal(await form.locator(`input[name="${name}"]`).inputValue(), value, `${name} is restored`);
      }
      assert.equal(await form.locator('textarea[name="remark"]').inputValue(), "签退前写的备注");
      // The values are in the form's state, not only on screen: saving saves them.
      await form.getByRole("button", { name: "保存", exact: true }).click();
      await page.getByRole("tab", { name: "新增本地产品", exact: true }).waitFor({ state: "detached" });
      assert.deepEqual(page.scriptErrors.map((e) => e.message), [], "no script errors on the page");
    } finally {
      await other.context().close();
      await page.context().close();
    }
  });
});
