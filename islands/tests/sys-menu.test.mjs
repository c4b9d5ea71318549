// 菜单管理 in the shell, as the seeded admin (the platform admin by default): add a link under 系统 > 基础设置, find
// it in the rail after a reload, move it up one place from the keyboard (focus stays on it), hide it and find it
// gone from the rail, then delete it.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { flyout, moveAway, openFromRail, railGroup, shellReady, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const LINK = "巡检报表";

describe("菜单管理", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    // Deleting asks with the browser's own confirm: the person says yes.
    page.on("dialog", (d) => d.accept());
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
    await menu.waitFor({ state: "visible", timeout: 3000 });
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
    await expectToast(frame, "操作成功!");
    await frame.locator(`[role="treeitem"][aria-label="${LINK}"]`).waitFor({ state: "detached" });
    assert.ok(!(await settingsLinks(frame)).includes(LINK), "deleted");
  });
});
