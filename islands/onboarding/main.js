// 首页's 新手引导: follows the first sync while it runs (data-syncing), every 3 seconds while the page is in sight,
// updating each step in place from GET onboarding; once the sync is done the page reloads to show the data. An
// admin's 隐藏新手引导 / 显示新手引导 records the choice and reloads the page. The steps themselves are server-rendered
// and work without this script.
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

const BASE = "/erp/api/v1/onboarding";
const EVERY_MS = 3000;

function show(section, guide) {
  for (const step of guide.steps) {
    const li = section.querySelector(`[data-step="${step.key}"]`);
    if (!li) continue;
    li.dataset.done = String(step.done);
    li.querySelector("[data-step-detail]").textContent = step.detail;
    li.querySelector("[data-step-state]").textContent = step.done ? "已完成" : step.key === "sync" && guide.syncing ? "进行中" : "待完成";
  }
  const count = section.querySelector("[data-guide-count]");
  if (count) count.textContent = `已完成 ${guide.done}/${guide.steps.length} 步`;
}

function follow(section) {
  let timer;
  const tick = async () => {
    timer = undefined;
    if (document.visibilityState !== "visible") return;
    try {
      const { data } = await api(BASE);
      show(section, data);
      if (!data.syncing) {
        section.dataset.syncing = "false";
        // The first sync ended: the dashboard's figures are there now.
        if (data.steps.find((s) => s.key === "sync")?.done) location.reload();
        return;
      }
    } catch {
      // A lost connection: the next tick tries again.
    }
    timer = setTimeout(tick, EVERY_MS);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !timer && section.dataset.syncing === "true") tick();
  });
  timer = setTimeout(tick, EVERY_MS);
}

for (const button of document.querySelectorAll("[data-guide-shown]")) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await api(`${BASE}/shown`, { method: "POST", body: { shown: button.dataset.guideShown === "true" } });
      location.reload();
    } catch (e) {
      toast(e.message, "error");
      button.disabled = false;
    }
  });
}
const section = document.querySelector("[data-guide]");
if (section?.dataset.syncing === "true") follow(section);
