// The personal center runs in a tab's frame, the top bar in the shell around it (and other browser tabs may hold
// shells of the same login): a new avatar is announced on a same-origin BroadcastChannel, so every top bar shows
// it at once instead of after a reload.
const CHANNEL = "sellerhub-account";

export function announceAvatar(url) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ avatar: url });
  channel.close();
}

/** Calls fn(url) for each avatar announced from now on; returns the function that stops listening. */
export function onAvatarChange(fn) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    if (typeof event.data?.avatar === "string") fn(event.data.avatar);
  };
  return () => channel.close();
}
