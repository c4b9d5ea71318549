// Notifications in the shell, with the message poll shortened to 2 s (SELLERHUB_MESSAGE_POLL). A company owner has
// the shell open on 首页 in one browser tab and publishes from a second browser tab of the same session (sub-users
// cannot be created yet, and one account has one live session): a plain announcement through the call (the form
// refuses plain ones for now: see the last test) and an urgent one through 系统 > 发布公告 with 紧急 ticked. Within
// one poll the first tab pops up 提醒 listing the urgent one, the bell counts the unread ones, the drawer lists
// them newest first, 全部已读 clears the badge with 全部标记为已读!, and above 99 unread the badge reads 99+.
// A screenshot of the open drawer goes to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { activeFrame, expectTabs, shellReady, signInToShell, waitForToast } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

const POLL_MS = 2000;
// The deadline of a wait for what a poll brings: a few polls, so that a busy machine does not fail it. The waits
// end as soon as the badge shows; what one poll brings is checked in its answer (nextPoll), not by the clock.
const POLLS_DEADLINE = 5 * POLL_MS;
const NOTIFY = "/admin/api/v1/notify";

before(() => getBrowser());
after(() => closeBrowser());

describe("消息", () => {
  let server;
  let context;
  let shell; // the browser tab showing the shell on 首页
  let publisher; // a second browser tab of the same session, on 发布公告
  const owner = {
    account: phone("137"),
    password: "Notify#2026",
    name: "王五",
    email: "wangwu@example.com",
    company: "广州消息测试贸易有限公司",
  };
  const plain = { title: "【系统公告】五一假期发货安排", content: "5月1日至5日仓库停止发货。" };
  const urgent = { title: "【紧急】亚马逊账户安全验证", content: "请今天内完成店铺二次验证。" };

  before(async () => {
    server = await startServer({ env: { SELLERHUB_MESSAGE_POLL: `${POLL_MS / 1000}s` } });
    shell = await newPage(server);
    context = shell.context();
    await registerCompany(shell, server, { js: true, ...owner });
    await signInToShell(shell, owner);
  });
  after(async () => {
    const errors = [...(shell?.scriptErrors ?? []), ...(publisher?.scriptErrors ?? [])];
    await context?.close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  // A Headless UI dialog's role=dialog element has no size of its own; its panel is what shows.
  const panel = (dialog) => dialog.locator('[id^="headlessui-dialog-panel"]');
  const bell = () => shell.locator('[data-island="messages"] button');
  const badge = () => shell.locator('[data-island="messages"] [data-badge]');

  /** What the bell's badge reads now ("" when there is none). */
  const badgeNow = () =>
    shell.locator('[data-island="messages"]').evaluate((el) => el.querySelector("[data-badge]")?.textContent.trim() ?? "");

  /** Waits until the bell's badge reads text ("" = no badge) and returns what it reads then. */
  async function badgeReads(text, timeout = POLLS_DEADLINE) {
    const deadline = Date.now() + timeout;
    let now = "";
    for (;;) {
      now = await badgeNow();
      if (now === text || Date.now() > deadline) return now;
      await shell.waitForTimeout(50);
    }
  }

  /**
   * The unread messages (findNoReadByUserAll's data) that the shell's first poll starting from now on brings. A
   * poll pulls new messages, then counts and lists the unread ones; the publisher's tab polls too, so only the
   * shell's own requests count.
   */
  async function nextPoll() {
    const path = (r) => new URL(r.url()).pathname;
    await shell.waitForRequest((r) => path(r) === `${NOTIFY}/pullMessage`, { timeout: POLLS_DEADLINE });
    const answer = await shell.waitForResponse((r) => path(r) === `${NOTIFY}/findNoReadByUserAll`, { timeout: POLLS_DEADLINE });
    return (await answer.json()).data;
  }

  /** Fills in 发布公告 in the publisher's tab and clicks 发布; the form comes back empty with 操作成功!. */
  async function publish({ title, content }, { timely }) {
    const form = activeFrame(publisher);
    await form.locator('input[name="title"]').click();
    await publisher.keyboard.type(title);
    await form.locator('textarea[name="content"]').click();
    await publisher.keyboard.type(content);
    if (timely) await form.getByLabel("紧急（在成员的提醒弹窗中显示）").check();
    // The page that comes back: the empty form after the redirect, or the form with the refusal.
    const back = publisher.waitForResponse((r) => r.request().resourceType() === "document" &&
      new URL(r.url()).pathname === "/sys/notify/publish" && r.status() !== 303 &&
      (r.request().method() === "POST" || r.url().includes("notice=published")));
    await form.getByRole("button", { name: "发布", exact: true }).click();
    await back;
    const notice = form.locator("[data-notice]");
    await notice.waitFor();
    assert.equal((await notice.textContent()).trim(), "操作成功!", "the notice after 发布");
    assert.equal(await form.locator('input[name="title"]').inputValue(), "", "the form comes back empty");
    assert.equal(await form.locator('input[name="urgent"]').isChecked(), false);
  }

  /** Publishes through POST /admin/api/v1/notify/addAnnounce from the publisher's tab (its session). */
  async function publishByCall(...announcements) {
    const codes = await publisher.evaluate(async (list) => {
      const out = [];
      for (const a of list) {
        const r = await fetch("/admin/api/v1/notify/addAnnounce", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(a),
        });
        out.push((await r.json()).code);
      }
      return out;
    }, announcements);
    assert.deepEqual(codes, announcements.map(() => "201"), "every announcement is published");
  }

  it("shows no badge while nothing is unread", async () => {
    await bell().waitFor();
    assert.equal(await badgeReads("", 500), "", "no badge at 0");
    assert.equal(await bell().getAttribute("aria-label"), "消息");
  });

  it("pops up 提醒 within one poll when an urgent announcement is published, listing only the urgent one", async () => {
    publisher = await context.newPage();
    publisher.scriptErrors = [];
    publisher.on("pageerror", (e) => publisher.scriptErrors.push(e));
    await publisher.goto(`/sys/notify/publish?${new URLSearchParams({ title: "发布公告", path: "/sys/notify/publish" })}`);
    await shellReady(publisher);
    await expectTabs(publisher, ["首页", "发布公告"], "发布公告", { 首页: "/home", 发布公告: "/sys/notify/publish" });

    // The plain one through the call (the form cannot publish it yet: see the last test), the urgent one
    // through the form.
    await publishByCall(plain);
    await publish(urgent, { timely: true });
    const polled = nextPoll();
    // Back to the first browser tab, as a person would (a tab in the background paints no frames).
    await shell.bringToFront();

    // The first poll after publishing brings the urgent one, and 提醒 shows it.
    assert.deepEqual((await polled).filter((m) => m.action === "timely").map((m) => m.isRead), [false], "the next poll brings the urgent one");
    const dialog = shell.getByRole("dialog", { name: "提醒" });
    await dialog.getByRole("heading", { name: "提醒" }).waitFor();
    const items = dialog.locator("[data-urgent]");
    assert.equal(await items.count(), 1, "only the urgent announcement is listed");
    const text = await items.first().innerText();
    assert.match(text, /【紧急】亚马逊账户安全验证/);
    assert.match(text, /请今天内完成店铺二次验证。/);
    assert.match(text, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, "with its time");

    assert.equal(await badgeReads("2"), "2", "the bell counts both unread announcements");
    assert.equal(await bell().getAttribute("aria-label"), "消息，2条未读");

    // 我知道了 reads the urgent one: the dialog goes and the badge counts one.
    await dialog.getByRole("button", { name: "我知道了" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await badgeReads("1"), "1");
  });

  it("lists the messages in the drawer, newest first, and 全部已读 clears the badge", async () => {
    await bell().click();
    const drawer = shell.getByRole("dialog", { name: "消息中心" });
    await drawer.getByRole("heading", { name: "消息中心" }).waitFor();
    assert.equal((await panel(drawer).boundingBox()).width, 640, "the drawer is 640 px wide");
    assert.deepEqual((await drawer.getByRole("tab").allTextContents()).map((t) => t.trim()), ["系统消息", "我的提醒", "我的私信"]);
    assert.equal(await drawer.getByRole("tab", { name: "系统消息" }).getAttribute("aria-selected"), "true");

    const list = drawer.getByRole("tabpanel");
    await list.getByText("共 2 条").waitFor();
    const rows = list.locator("li");
    const titles = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, " "));
    assert.equal(titles.length, 2);
    // The 【tag】 shows once, as a chip before the title.
    assert.match(titles[0], /^紧急 亚马逊账户安全验证/, "newest first");
    assert.match(titles[1], /^系统公告 五一假期发货安排/);
    assert.doesNotMatch(titles.join(" "), /【/, "the bracketed tag is not repeated in the title");
    assert.equal(await rows.nth(0).locator('[aria-label="未读"]').count(), 0, "the urgent one was read from 提醒");
    assert.equal(await rows.nth(1).locator('[aria-label="未读"]').count(), 1, "the plain one is unread");

    await drawer.getByRole("tab", { name: "我的提醒" }).click();
    await list.getByText("暂无数据！").waitFor();
    await drawer.getByRole("tab", { name: "我的私信" }).click();
    await list.getByText("暂无数据！").waitFor();
    await drawer.getByRole("tab", { name: "系统消息" }).click();
    await list.getByText("共 2 条").waitFor();
    await shell.screenshot({ path: artifact("shell-message-drawer.png") });

    // 导出 downloads this tab's messages, every page, without reading them.
    const download = shell.waitForEvent("download");
    await list.getByRole("link", { name: "导出系统消息" }).click();
    const file = await download;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    assert.equal(file.suggestedFilename(), `消息_${today}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.equal(sheet.length, 3, "the header and the two messages");
    assert.match(sheet[1][0], /亚马逊账户安全验证/);
    assert.equal(await rows.nth(1).locator('[aria-label="未读"]').count(), 1, "exporting read nothing");

    await drawer.getByRole("button", { name: "全部已读" }).click();
    const seen = await waitForToast(shell, "全部标记为已读!");
    assert.ok(seen.includes("全部标记为已读!"), `toast after 全部已读: ${JSON.stringify(seen)}`);
    assert.equal(await badgeReads("", 3000), "", "the badge is gone at 0");
    assert.equal(await bell().getAttribute("aria-label"), "消息");
    await shell.waitForFunction(() => !document.querySelector('[role="dialog"] [aria-label="未读"]'), null, { timeout: PATIENCE });

    await drawer.getByRole("button", { name: "关闭" }).click();
    await drawer.waitFor({ state: "detached" });
    // The next poll brings nothing back: everything is read.
    assert.deepEqual(await nextPoll(), [], "nothing unread in the next poll");
    assert.equal(await shell.getByRole("dialog").count(), 0, "no 提醒 once everything is read");
    assert.equal(await badgeReads("", 0), "");
  });

  it("shows 99+ above 99 unread", async () => {
    // A hundred announcements at once, through the call.
    await publishByCall(...Array.from({ length: 100 }, (_, i) => ({ title: `批量公告 ${i + 1}`, content: `第 ${i + 1} 条` })));
    assert.equal(await badgeReads("99+"), "99+");
    assert.equal(await bell().getAttribute("aria-label"), "消息，99+条未读");
    await bell().click();
    const drawer = shell.getByRole("dialog", { name: "消息中心" });
    await drawer.getByText("共 102 条").waitFor();
    await drawer.getByRole("button", { name: "全部已读" }).click();
    assert.equal(await badgeReads("", 3000), "");
  });

  it("publishes a plain announcement (紧急 not ticked) from the 发布公告 form", async () => {
    await publisher.bringToFront();
    await publish({ title: "【系统公告】普通通知", content: "不紧急的公告。" }, { timely: false });
  });
});
