/** The time every handler sees; tests and the local runtime may move it (an injected clock). Its own module, so a bundle needs nothing else for it. */
let clock: () => Date = () => new Date();

export const now = (): Date => clock();
export function setClock(fn: () => Date): void {
  clock = fn;
}
