// When kernels start, in a site where each kernel is a whole Python
// loaded into the page (JupyterLite).  With the page option
// `playbookSiteKernels` (the playbook site sets it):
//
// - the notebook named in the page's address gets its kernel as the page
//   loads, side by side with drawing JupyterLab, instead of once the
//   notebook is drawn (its session is found there when the notebook opens);
// - notebooks JupyterLab restores from the last visit start theirs when
//   shown: a reload that restored three notebooks used to start three
//   Pythons side by side, and the one in front waited for all three.
//
// Notebooks opened later start as usual.  Without the option nothing changes.

import { PageConfig, PathExt } from "@jupyterlab/coreutils";

/** Whether the page asks for the site's way of starting kernels. */
export function siteKernels() {
  return String(PageConfig.getOption("playbookSiteKernels")) === "true";
}

/** Resolve once the kernel specs hold ``name`` (the site registers its kernel as it starts). */
function specNamed(kernelspecs, name) {
  return new Promise((resolve) => {
    const check = () => {
      if (!kernelspecs.specs?.kernelspecs[name]) return;
      kernelspecs.specsChanged.disconnect(check);
      resolve();
    };
    kernelspecs.specsChanged.connect(check);
    check();
  });
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
    console.warn("playbook: no service worker manager found; the early kernel may start without the site's drive");
    return;
  }
  // Rejected where the browser allows no service worker: kernels start without a drive then anyway.
  await manager.ready.catch(() => {});
}

/** Start the session of the notebook the page's address names, with the kernel it asks for. */
export async function startAddressedKernel(app) {
  const path = new URL(window.location.href).searchParams.get("path");
  if (!path || !path.endsWith(".ipynb")) return;
  const { contents, kernelspecs, sessions } = app.serviceManager;
  try {
    const notebook = await contents.get(path, { content: true });
    const kernel = notebook.content?.metadata?.kernelspec?.name;
    if (!kernel) return;
    await Promise.all([specNamed(kernelspecs, kernel), sessions.ready, serviceWorkerRegistered(app)]);
    if ([...sessions.running()].some((model) => model.path === path)) return;
    // The notebook's own session, as JupyterLab names it: it finds this one when it opens.
    const name = PathExt.basename(path);
    const session = await sessions.startNew({ path, name, type: "notebook", kernel: { name: kernel } });
    session.dispose(); // this connection only; the session and its kernel stay
  } catch (error) {
    console.warn(`playbook: no early kernel for ${path}:`, error);
  }
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

/** Start the kernel of ``panel`` (a notebook held back), then let go of its session context. */
async function start(panel, release) {
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

/** Hold back the kernels of notebooks restored with the page until each is shown. */
export function holdRestoredKernels(app) {
  const waiting = new Map();
  let restoring = true;
  withNotebookFactory(app.docRegistry, (factory) => factory.widgetCreated.connect((_, panel) => {
    if (!restoring) return;
    waiting.set(panel, holdBack(panel));
    panel.disposed.connect(() => waiting.delete(panel));
  }));
  const startShown = () => {
    const shown = app.shell.currentWidget;
    if (waiting.has(shown)) {
      const release = waiting.get(shown);
      waiting.delete(shown);
      void start(shown, release);
    }
  };
  void app.restored.then(() => {
    restoring = false;
    startShown();
    app.shell.currentChanged?.connect(startShown);
  });
}
