// The consent result pages (/authresult, /advresult) tell 店铺管理 that a consent has ended, so its list shows the
// new authorisation without waiting for the window's focus. A BroadcastChannel, not window.opener.postMessage:
// the list lives in a tab frame of the shell, the opener link is lost when a page on the way (Amazon's) sets a
// Cross-Origin-Opener-Policy or when the seller opens the link in a tab of its own, and a channel only ever
// carries messages between pages of this origin, so no origin has to be checked by hand; the shape still is.
export const CHANNEL = "sellerhub-consent";
const TYPE = "sellerhub:consent";
const OUTCOMES = ["success", "failure"];

/** The message a result page sends: the outcome the page shows. */
export function consentMessage(outcome) {
  return { type: TYPE, outcome };
}

/** The outcome a message carries ("success" or "failure"), or null for anything else on the channel. */
export function consentOutcome(data) {
  if (!data || typeof data !== "object" || Array.isArray(data) || data.type !== TYPE) return null;
  return OUTCOMES.includes(data.outcome) ? data.outcome : null;
}

/** Runs onOutcome(outcome) for every well-formed consent message; returns the function that stops listening. */
export function onConsent(onOutcome) {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e) => {
    const outcome = consentOutcome(e.data);
    if (outcome) onOutcome(outcome);
  };
  return () => channel.close();
}

/** On a result page, once the streamed outcome is in the document, sends it on the channel (once). */
export function announceConsent(doc = document) {
  const send = () => {
    const outcome = doc.querySelector(".consent-outcome[data-outcome]")?.getAttribute("data-outcome");
    if (!OUTCOMES.includes(outcome) || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(consentMessage(outcome));
    channel.close();
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", send, { once: true });
  else send();
}
