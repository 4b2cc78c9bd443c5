// When kernels start, in a site where each kernel is a whole Python
// loaded into the page (JupyterLite).  With the page option
// `playbookSiteKernels` (the playbook site sets it):
//
// - no kernel starts before the page's service worker is registered: a
//   kernel mounts the site's drive (the browser's storage, where notebooks
//   and progress are kept) only if it is, and the first reload after a
//   visit registers it again, so a notebook opened as the page loads waits
//   for it;
// - notebooks JupyterLab restores from the last visit start theirs when
//   shown: a reload that restored three notebooks used to start three
//   Pythons side by side, and the one in front waited for all three.
//
// Notebooks opened later start as usual.  Without the option nothing changes.

import { PageConfig } from "@jupyterlab/coreutils";

/** Whether the page asks for the site's way of starting kernels. */
export function siteKernels() {
  return String(PageConfig.getOption("playbookSiteKernels")) === "true";
}

/** The name of the token under which JupyterLite provides its service worker manager. */
const SERVICE_WORKER_MANAGER = "@jupyterlite/apputils:IServiceWorkerManager";

/**
 * Resolve once the site's service worker is registered, or at once where
 * the site has none.  A Pyodide kernel mounts the site's drive (the
 * browser's storage, where notebooks and progress are kept) only if the
 * service worker is registered when the kernel is made: started earlier,
 * it would keep its files in memory, and lose them with the page.
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
  // Rejected where the browser allows no service worker: kernels start without a drive then anyway.
  await manager.ready.catch(() => {});
}

let driveReady = null;

/** Resolve once a kernel made now gets the site's drive: one promise for every caller (see serviceWorkerRegistered). */
function drive(app) {
  driveReady ??= serviceWorkerRegistered(app);
  return driveReady;
}

/** The getter of ``ready`` that ``context`` (a session context) inherits. */
function readyGetter(context) {
  for (let proto = Object.getPrototypeOf(context); proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, "ready");
    if (found?.get) return found.get;
  }
  return null;
}

/**
 * Hold back the kernel of ``panel``: its session context says it is ready
 * only once ``release()`` is called.  Those who wait for it (the widgets'
 * manager, which then asks for the kernel's id) would otherwise find a
 * session context ready with no session.  Returns ``release``.
 */
function holdBack(panel) {
  const context = panel.sessionContext;
  context.kernelPreference = { ...context.kernelPreference, shouldStart: false };
  const ready = readyGetter(context);
  let release = () => {};
  if (!ready) return release;
  const gate = new Promise((resolve) => (release = resolve));
  Object.defineProperty(context, "ready", { configurable: true, get: () => gate.then(() => ready.call(context)) });
  return () => {
    delete context.ready; // the inherited getter again
    release();
  };
}

/**
 * Start the kernel of ``panel`` (a notebook held back) once it would get
 * the site's drive, then let go of its session context.
 */
async function start(app, panel, release) {
  await drive(app);
  const context = panel.sessionContext;
  context.kernelPreference = { ...context.kernelPreference, shouldStart: true };
  try {
    await readyGetter(context).call(context);
    if (!panel.isDisposed && !context.session?.kernel) await context.startKernel();
  } finally {
    release();
  }
}

/** Call ``watch`` with the notebooks' widget factory, now or once it is registered. */
function withNotebookFactory(registry, watch) {
  const factory = registry.getWidgetFactory("Notebook");
  if (factory) return watch(factory);
  const added = (_, change) => {
    // The registry names its factories in lower case.
    if (change.type === "widgetFactory" && change.change === "added" && change.name.toLowerCase() === "notebook") {
      registry.changed.disconnect(added);
      watch(registry.getWidgetFactory("Notebook"));
    }
  };
  registry.changed.connect(added);
}

/**
 * Hold back the kernels of notebooks restored with the page until each is
 * shown, and those of notebooks opened before the site's drive is ready
 * until it is.
 */
export function holdKernels(app) {
  const waiting = new Map();
  let restoring = true;
  let ready = false;
  void drive(app).then(() => (ready = true));
  withNotebookFactory(app.docRegistry, (factory) => factory.widgetCreated.connect((_, panel) => {
    if (restoring) {
      waiting.set(panel, holdBack(panel));
      panel.disposed.connect(() => waiting.delete(panel));
    } else if (!ready) {
      void start(app, panel, holdBack(panel));
    }
  }));
  const startShown = () => {
    const shown = app.shell.currentWidget;
    if (waiting.has(shown)) {
      const release = waiting.get(shown);
      waiting.delete(shown);
      void start(app, shown, release);
    }
  };
  void app.restored.then(() => {
    restoring = false;
    startShown();
    app.shell.currentChanged?.connect(startShown);
  });
}
