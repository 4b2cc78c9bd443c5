// The site's drive (the browser's storage, where notebooks and progress
// are kept), as a kernel sees it: a Pyodide kernel mounts it only if
// JupyterLite's service worker is registered when the kernel is made.

import { PageConfig } from "@jupyterlab/coreutils";

/** The name of the token under which JupyterLite provides its service worker manager. */
const SERVICE_WORKER_MANAGER = "@jupyterlite/apputils:IServiceWorkerManager";

/**
 * Note the registered service worker's version where JupyterLite looks for
 * it (the worker's address followed by ``-version``), if nothing is noted
 * there yet.  JupyterLite notes it only on a page its worker already
 * controls, so on the first reload after a first visit it found no note,
 * took its own worker for another version's, and unregistered and
 * registered it again: seconds during which no kernel may start.  A site
 * built with another version of JupyterLite still finds a different note
 * and replaces the worker, as JupyterLite means it to.
 */
async function noteVersion() {
  const version = PageConfig.getOption("appVersion");
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
  if (!version || !worker) return;
  const key = `${worker.scriptURL}-version`;
  if (localStorage.getItem(key) === null) localStorage.setItem(key, version);
}

/**
 * Resolve once the site's service worker is registered, or at once where
 * the site has none.  Started earlier, a kernel would keep its files in
 * memory, and lose them with the page.
 *
 * The manager is found by its token's name, since this extension is also
 * loaded by JupyterLab, which has no such token to import.
 */
async function serviceWorkerRegistered(app) {
  const token = [...(app.pluginRegistry?._services?.keys() ?? [])].find((t) => t.name === SERVICE_WORKER_MANAGER);
  const manager = token ? await app.resolveOptionalService(token) : null;
  if (!manager) {
    console.warn("playbook: no service worker manager found; kernels may start without the site's drive");
    return;
  }
  try {
    await manager.ready;
  } catch {
    return; // the browser allows no service worker: kernels start without a drive then anyway
  }
  await noteVersion().catch((error) => console.warn("playbook: the service worker's version is not noted:", error));
}

let driveReady = null;

/** Resolve once a kernel made now gets the site's drive: one promise for every caller. */
export function drive(app) {
  driveReady ??= serviceWorkerRegistered(app);
  return driveReady;
}
