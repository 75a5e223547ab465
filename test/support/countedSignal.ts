/** An AbortSignal that counts the abort listeners added to it and not removed yet: a leak shows as a count left over. */
export function countedSignal() {
  const controller = new AbortController();
  const signal = controller.signal;
  let live = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = (type: string, listener: () => void, options?: { once?: boolean }) => {
    live++;
    add(type, listener, options);
  };
  signal.removeEventListener = (type: string, listener: () => void) => {
    live--;
    remove(type, listener);
  };
  return { controller, signal, live: () => live };
}
