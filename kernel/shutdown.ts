/**
 * Work to finish before the process ends (closing pooled connections so keep-alive sockets do not
 * hold the process open). Modules register only once used, so unused ones cost nothing at exit.
 */
const tasks: (() => Promise<void>)[] = [];

export function onShutdown(task: () => Promise<void>): void {
  tasks.push(task);
}

export async function shutdown(): Promise<void> {
  await Promise.allSettled(tasks.splice(0).map((task) => task()));
}
