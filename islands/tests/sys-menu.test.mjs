// 菜单管理 in the shell, as the seeded admin (the platform admin by default): add a link under 系统 > 基础设置, find
// it in the rail after a reload, move it up one place from the keyboard (focus stays on it), hide it and find it
// gone from the rail, then delete it. Then as a company admin who is not a platform admin (the same seeded admin,
// with another account named the platform's): the tree is there to read, with no control that changes it, and
// the server refuses a change sent all the same.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { flyout, moveAway, openFromRail, question, railGroup, sayYes, shellReady, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const LINK = "巡检报表";

describe("菜单管理", () => {
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

  async function expectToast(frame, text) {
    const seen = await waitForToast(frame, text);
    assert.ok(seen.includes(text), `toast ${text}: saw ${JSON.stringify(seen)}`);
  }

  /** The menu admin's frame with 系统 > 基础设置 expanded. */
  async function settingsOpen() {
    const frame = await tabFrame(page, "菜单管理");
    await frame.getByRole("button", { name: "展开 系统", exact: true }).click();
    await frame.getByRole("button", { name: "展开 基础设置", exact: true }).click();
    return frame;
  }

  /** The titles of 基础设置's links, in order. */
  const settingsLinks = (frame) =>
    frame.locator('[role="treeitem"][aria-label="基础设置"] > ul > li').evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));

  /** The links of the rail's 系统 flyout. */
  async function railLinks() {
    await railGroup(page, "系统").hover();
    const menu = flyout(page, "系统");
    await menu.waitFor({ state: "visible", timeout: PATIENCE });
    const names = (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
    await moveAway(page);
    return names;
  }

  async function reload() {
    await page.reload();
    await shellReady(page);
  }

  it("adds a link that reaches the rail, moves it by keyboard, hides it and deletes it", async () => {
    await openFromRail(page, "系统", "菜单管理");
    let frame = await settingsOpen();
    await frame.getByRole("button", { name: "在 基础设置 下新增链接", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await dialog.locator('input[name="title"]').fill(LINK);
    await dialog.locator('input[name="path"]').fill("/sys/inspection");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(frame, "操作成功!");
    // The tree is loaded again after the toast: its links are read once the new one is in it.
    await frame.locator(`[role="treeitem"][aria-label="${LINK}"]`).waitFor();
    let links = await settingsLinks(frame);
    assert.equal(links.at(-1), LINK, `the new link comes last: ${links}`);

    await reload();
    assert.ok((await railLinks()).includes(LINK), "the new link is in the rail after a reload");

    // ↑ from the keyboard: the link moves one place up and keeps the focus.
    frame = await settingsOpen();
    const before = await settingsLinks(frame);
    await frame.getByRole("button", { name: `上移 ${LINK}`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expectToast(frame, "操作成功!");
    await frame.waitForFunction((n) => {
      const items = [...document.querySelectorAll('[role="treeitem"][aria-label="基础设置"] > ul > li')];
      return items.at(-2)?.getAttribute("aria-label") === n;
    }, LINK);
    links = await settingsLinks(frame);
    assert.deepEqual(links, [...before.slice(0, -2), LINK, before.at(-2)], "moved up one place");
    assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute("aria-label")), `上移 ${LINK}`, "focus stays on the moved link");

    await frame.getByRole("button", { name: `隐藏 ${LINK}`, exact: true }).click();
    await expectToast(frame, "操作成功!");
    await frame.getByRole("button", { name: `显示 ${LINK}`, exact: true }).waitFor();
    await reload();
    assert.ok(!(await railLinks()).includes(LINK), "the hidden link is gone from the rail");

    frame = await settingsOpen();
    await frame.getByRole("button", { name: `删除 ${LINK}`, exact: true }).click();
    await question(frame, `删除菜单“${LINK}”`);
    await sayYes(frame, "删除");
    await expectToast(frame, "操作成功!");
    await frame.locator(`[role="treeitem"][aria-label="${LINK}"]`).waitFor({ state: "detached" });
    assert.ok(!(await settingsLinks(frame)).includes(LINK), "deleted");
  });
});

describe("菜单管理, read-only for a company admin who is not a platform admin", () => {
  let server;
  let page;

  before(async () => {
    // The seeded admin still holds every button permission of 菜单管理 through the company's 管理员 role.
    server = await startServer({ env: { SELLERHUB_PLATFORM_ADMINS: "ops@sellerhub.local" } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The names of the buttons the menu admin offers: their aria-label, else their text. */
  const buttonNames = (frame) =>
    frame.locator('section[aria-label="菜单管理"] button').evaluateAll((els) => els.map((b) => b.getAttribute("aria-label") || b.textContent.trim()));

  it("shows the tree and its button permissions to read, with no control that changes them", async () => {
    await openFromRail(page, "系统", "菜单管理");
    const frame = await tabFrame(page, "菜单管理");
    const note = frame.getByRole("note");
    await note.waitFor();
    assert.equal((await note.textContent()).trim(), "菜单为所有公司共用，仅平台管理员可以修改，这里只能查看。");
    const tree = frame.getByRole("tree", { name: "菜单" });
    assert.ok((await tree.locator(":scope > li").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).includes("系统"));

    await frame.getByRole("button", { name: "全部展开", exact: true }).click();
    const entry = tree.locator('[role="treeitem"][aria-label="菜单管理"]');
    await entry.waitFor();
    assert.equal(await entry.getAttribute("aria-expanded"), "true");
    const permissions = frame.getByRole("list", { name: "菜单管理的按钮权限" }).locator("li");
    assert.deepEqual((await permissions.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()),
      ["sys:menu:add 新增菜单", "sys:menu:delete 删除菜单", "sys:menu:edit 编辑菜单"], "the permissions, without 编辑 or 删除");

    const names = await buttonNames(frame);
    const changing = names.filter((n) => !/^(展开|收起) /.test(n) && n !== "全部展开" && n !== "全部收起");
    assert.deepEqual(changing, [], "only the buttons that open and close the tree");
    assert.ok(names.includes("收起 系统"), "系统 is open");

    // The tree still works from the keyboard: Enter on 收起 系统 closes it.
    await frame.getByRole("button", { name: "收起 系统", exact: true }).focus();
    await page.keyboard.press("Enter");
    await entry.waitFor({ state: "detached" });
    assert.equal(await tree.locator('[role="treeitem"][aria-label="系统"]').getAttribute("aria-expanded"), "false");
  });

  it("a change sent all the same is refused, and the menu stays as it was", async () => {
    const frame = await tabFrame(page, "菜单管理");
    const outcome = await frame.evaluate(async () => {
      const call = async (method, url, body) => {
        const r = await fetch(url, {
          method,
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: body && JSON.stringify(body),
        });
        return r.json();
      };
      const { data } = await call("GET", "/admin/api/v1/menus/admin/tree");
      const system = data.menus.find((m) => m.title === "系统");
      return {
        editable: data.editable,
        hide: await call("PUT", `/admin/api/v1/menus/admin/menus/${system.id}`, { title: system.title, hidden: true }),
        remove: await call("DELETE", `/admin/api/v1/menus/admin/menus/${system.id}`),
      };
    });
    assert.equal(outcome.editable, false);
    for (const answer of [outcome.hide, outcome.remove]) {
      assert.notEqual(answer.code, "201", JSON.stringify(answer));
      assert.equal(answer.msg, "访问未授权");
    }
    await page.reload();
    await shellReady(page);
    await railGroup(page, "系统").waitFor();
    const again = await tabFrame(page, "菜单管理");
    await again.getByRole("button", { name: "展开 系统", exact: true }).waitFor();
    assert.equal(await again.locator('[role="treeitem"][aria-label="系统"] > div').getByText("已隐藏").count(), 0, "系统 is not hidden");
  });
});
