// When kernels start, in a site where each kernel is a whole Python
// loaded into the page (JupyterLite).  With the page option
// `playbookSiteKernels` (the playbook site sets it):
//
// - no kernel starts before the page's service worker is registered (see
//   drive.js), so a notebook opened as the page loads waits for it;
// - the notebook shown first (the one the page's address names, or else
//   the one in front when the page was left) gets its kernel as soon as
//   one may start, side by side with drawing JupyterLab, instead of once
//   the notebook is drawn: its own start waits for that one and finds it;
// - notebooks JupyterLab restores from the last visit start theirs when
//   shown: a reload that restored three notebooks used to start three
//   Pythons side by side, and the one in front waited for all three (a
//   link to another notebook, opened once they are restored, shows it
//   instead of the one restored in front, whose kernel does not start);
// - and draw their cells when shown: JupyterLab draws a hidden notebook's
//   cells whenever the page is idle, which on a reload with three
//   notebooks took the page's main thread for a second while the one in
//   front started its kernel (see ``drawWhenShown``).
//
// Notebooks opened later start as usual.  Without the option nothing changes.

import { PageConfig, PathExt } from "@jupyterlab/coreutils";

import { drive } from "./drive.js";

/** Whether the page asks for the site's way of starting kernels. */
export function siteKernels() {
  return String(PageConfig.getOption("playbookSiteKernels")) === "true";
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

/** JupyterLab's notebook methods that draw cells out of view whenever the page is idle. */
const IDLE_DRAWING = ["_scheduleCellRenderOnIdle", "_runOnIdleTime"];

/**
 * Draw none of the cells of ``panel`` (a notebook) until the returned
 * function is called; then draw them as JupyterLab does.  By default
 * (its setting ``windowingMode``, "contentVisibility" or "defer") a
 * notebook draws its cells a few at a time whenever the page is idle,
 * whether it is shown or hidden behind another notebook.  JupyterLab has
 * no public way to hold that back: this holds back its two methods that
 * do it, on this notebook only, and does nothing where this version of
 * JupyterLab has no such methods (tests/browser/test_lite_reopen.py
 * checks that a hidden notebook draws nothing).
 */
function drawWhenShown(panel) {
  const notebook = panel.content;
  if (!IDLE_DRAWING.every((name) => typeof notebook[name] === "function")) return () => {};
  for (const name of IDLE_DRAWING) notebook[name] = async () => {};
  return () => {
    for (const name of IDLE_DRAWING) delete notebook[name]; // the notebook's own again
    if (!notebook.isDisposed) notebook.update();
  };
}

/** The key under which JupyterLab keeps the layout it restores. */
const LAYOUT = "layout-restorer:data";

/**
 * The path of the notebook the page shows first: the one its address
 * opens (``?path=``), or else the one in front when the page was left,
 * as kept in ``state`` (JupyterLab's state database), or null.
 */
async function shownFirst(state) {
  const addressed = new URL(window.location.href).searchParams.get("path");
  if (addressed) return addressed.endsWith(".ipynb") ? addressed : null;
  const layout = await state?.fetch(LAYOUT).catch(() => null);
  const current = layout?.main?.current;
  return typeof current === "string" && current.startsWith("notebook:") ? current.slice("notebook:".length) : null;
}

/** Resolve with the name of the default kernel once its spec is known (the site registers it as it starts). */
function defaultKernel(kernelspecs) {
  return new Promise((resolve) => {
    const check = () => {
      const name = kernelspecs.specs?.default;
      if (!name || !kernelspecs.specs.kernelspecs[name]) return;
      kernelspecs.specsChanged.disconnect(check);
      resolve(name);
    };
    kernelspecs.specsChanged.connect(check);
    check();
  });
}

/**
 * Start the session of the notebook at ``path`` as soon as a kernel made
 * then gets the site's drive, under the name JupyterLab gives the
 * notebook's own session.  The notebook is held back until this is done
 * (see ``start``): it then finds this session, as JupyterLite finds a
 * session by its name, instead of starting a second kernel beside it.
 * Whether the notebook is there is asked meanwhile, and the kernel is
 * shut down again if it is not.  Once done, the page notes the notebook
 * whose kernel it started and kept, or "" for none, as
 * ``data-playbook-first-kernel`` on its root element.  Resolves with that
 * path, or "".
 */
async function startEarly(app, path) {
  const { contents, kernelspecs, sessions } = app.serviceManager;
  const there = contents.get(path, { content: false }).then(() => true, () => false);
  let kept = "";
  try {
    const [kernel] = await Promise.all([defaultKernel(kernelspecs), drive(app), sessions.ready]);
    if ([...sessions.running()].some((model) => model.path === path)) {
      kept = path; // started already
    } else {
      const session = await sessions.startNew({ path, name: PathExt.basename(path), type: "notebook", kernel: { name: kernel } });
      if (await there) {
        kept = path;
        // This connection only: the session and its kernel stay.  Kept, it
        // would answer the widgets' messages meant for the notebook, and
        // close them.  (The kernel then warns in the console that its
        // answers to this connection's first requests have nowhere to go.)
        session.dispose();
      } else {
        await session.shutdown();
      }
    }
  } catch (error) {
    console.warn(`playbook: no early kernel for ${path}:`, error);
  } finally {
    document.documentElement.dataset.playbookFirstKernel = kept;
  }
  return kept;
}

/**
 * Start the kernel of ``panel`` (a notebook held back) once it would get
 * the site's drive, and once the early start of its kernel (``early``,
 * when it is the notebook shown first) is done, then let go of its
 * session context.
 */
async function start(app, panel, release, early) {
  await drive(app);
  await early;
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
 * shown, those of notebooks opened before the site's drive is ready until
 * it is, and that of the notebook shown first until its early start is
 * done; and the drawing of restored notebooks behind the one shown first
 * until each is shown.  ``state`` is JupyterLab's state database (the
 * restored layout).
 */
export function holdKernels(app, state) {
  const waiting = new Map();
  let restoring = true;
  let ready = false;
  void drive(app).then(() => (ready = true));
  let first; // the path of the notebook shown first once known, or null
  const early = shownFirst(state).then((path) => {
    first = path;
    return path ? startEarly(app, path) : undefined;
  });
  // While the first is not known, any notebook may be it.
  const earlyFor = (panel) => (first === undefined || panel.context.path === first ? early : undefined);
  withNotebookFactory(app.docRegistry, (factory) => factory.widgetCreated.connect((_, panel) => {
    if (restoring) {
      const draw = first !== undefined && panel.context.path === first ? () => {} : drawWhenShown(panel);
      waiting.set(panel, { release: holdBack(panel), draw });
      panel.disposed.connect(() => waiting.delete(panel));
    } else if (!ready || earlyFor(panel)) {
      void start(app, panel, holdBack(panel), earlyFor(panel));
    }
  }));
  const startShown = () => {
    const shown = app.shell.currentWidget;
    if (waiting.has(shown)) {
      const { release, draw } = waiting.get(shown);
      waiting.delete(shown);
      draw();
      void start(app, shown, release, earlyFor(shown));
    }
  };
  void app.restored.then(() => {
    restoring = false;
    // A notebook restored beside the one in front (the main area split) is in view too: it draws.
    for (const [panel, held] of waiting) {
      if (panel.isVisible) {
        held.draw();
        held.draw = () => {};
      }
    }
    // A link names a notebook that opens once the restored ones are, in
    // front of them: the one restored in front starts only if the link
    // names no notebook (else once shown again).
    const linked = first && app.shell.currentWidget?.context?.path !== first;
    if (linked) void early.then((kept) => kept || startShown());
    else startShown();
    app.shell.currentChanged?.connect(startShown);
  });
}
