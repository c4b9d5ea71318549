// The consent signal (islands/lib/consent-signal.js) between the result pages and 店铺管理: a listener hears only
// messages of the expected shape. The channel itself only joins pages of one origin (BroadcastChannel), so another
// site cannot post on it; Node's BroadcastChannel behaves as the browser's within one process.
import assert from "node:assert/strict";
import { it } from "node:test";
import { CHANNEL, consentMessage, onConsent } from "../lib/consent-signal.js";

it("hears well-formed consent messages and nothing else", async () => {
  const heard = [];
  let done;
  const last = new Promise((resolve) => (done = resolve));
  const stop = onConsent((outcome) => {
    heard.push(outcome);
    if (heard.length === 2) done();
  });
  const sender = new BroadcastChannel(CHANNEL);
  try {
    for (const bad of [
      "success",
      null,
      ["sellerhub:consent", "success"],
      { type: "other", outcome: "success" },
      { type: "sellerhub:consent", outcome: "maybe" },
      { type: "sellerhub:consent" },
    ]) {
      sender.postMessage(bad);
    }
    sender.postMessage(consentMessage("failure"));
    sender.postMessage(consentMessage("success"));
    // One sender's messages arrive in order: by the last one every earlier message has been handled.
    await last;
    assert.deepEqual(heard, ["failure", "success"]);
  } finally {
    sender.close();
    stop();
  }
});
