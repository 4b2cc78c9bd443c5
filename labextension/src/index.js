// A widget's output shows the picture saved beside its live view until the
// live view is drawn.
//
// A board's output holds two things: the live view (a widget model's id,
// drawn by the widgets' extension) and a picture of the board (HTML), which
// the kernel keeps up to date as the board moves.  A notebook reopened
// without the kernel that made the models has no model to draw, whatever
// was saved with it, and the widgets' extension then writes "Error
// displaying widget: model not found" (or "Loading widget..." while it
// waits).  This plugin lets any widget output that carries a picture show
// it instead, for as long as no live view is there: while loading, when
// the model is missing, in JupyterLab and in JupyterLite alike.  Outputs
// with nothing but text beside the view are left as they are.
//
// It wraps the factory that draws widget views in every render registry
// (the application's, and each notebook's copy, where the widgets'
// extension puts its own factory once the kernel is there), and the
// renderer it makes stays the widgets' own, so that extension still finds
// its renderers in the page.

import { IRenderMimeRegistry } from "@jupyterlab/rendermime";
import { IStateDB } from "@jupyterlab/statedb";

import { holdKernels, siteKernels } from "./kernels.js";

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const WRAPPED = Symbol("playbook-games: pictured");

/** The output's data without the live view: what shows in its place. */
function besideTheView(data) {
  const rest = { ...data };
  delete rest[WIDGET_VIEW];
  return rest;
}

/** Whether the renderer's node holds a live view (anything but the picture). */
function holdsView(node, picture) {
  return [...node.children].some((child) => child !== picture);
}

/**
 * Make ``live`` (a widget view's renderer) show the picture in ``model``'s
 * data while it draws no view.  The picture is drawn by ``registry``'s
 * renderer for the best type beside the view (none when that is plain text).
 */
function pictureUntilLive(live, registry, options) {
  const renderModel = live.renderModel.bind(live);
  let picture = null; // the picture's renderer, once there is one
  let pictureType = null; // the type it draws
  let shownId = null; // the model id of the view last asked for

  const place = () => {
    if (picture === null) return;
    const node = picture.node;
    if (holdsView(live.node, node)) {
      node.remove();
      return;
    }
    // Only the widgets' words ("Loading widget...", "... model not found"): the picture replaces them.
    for (const text of [...live.node.childNodes]) {
      if (text !== node && text.nodeType === Node.TEXT_NODE) text.remove();
    }
    if (node.parentNode !== live.node) live.node.appendChild(node);
  };
  const watcher = new MutationObserver(place);
  watcher.observe(live.node, { childList: true });
  live.disposed.connect(() => {
    watcher.disconnect();
    if (picture !== null) picture.dispose();
  });

  live.renderModel = async (model) => {
    const data = besideTheView(model.data);
    const type = registry.preferredMimeType(data, model.trusted ? "any" : "ensure");
    if (type !== undefined && type !== "text/plain") {
      if (picture === null || pictureType !== type) {
        if (picture !== null) picture.dispose();
        picture = registry.getFactory(type).createRenderer({ ...options, mimeType: type });
        pictureType = type;
      }
      await picture.renderModel(model);
    } else if (picture !== null) {
      picture.dispose();
      picture = null;
    }
    // The same view with a new picture (the board moved): the live view
    // stays as it is, and the new picture waits for the view to go.
    const id = model.data[WIDGET_VIEW]?.model_id;
    if (id === shownId && picture !== null && holdsView(live.node, picture.node)) return;
    shownId = id;
    place();
    await renderModel(model);
    place();
  };
  return live;
}

/** The view factory ``factory``, its renderers showing the picture until live. */
function wrapped(factory, registry) {
  if (factory[WRAPPED]) return factory;
  return {
    ...factory,
    [WRAPPED]: true,
    createRenderer: (options) => pictureUntilLive(factory.createRenderer(options), registry, options),
  };
}

/** Wrap ``registry``'s view factory, now and whenever one is added, in it and in its copies. */
function guard(registry) {
  if (registry[WRAPPED]) return registry;
  registry[WRAPPED] = true;
  const addFactory = registry.addFactory.bind(registry);
  registry.addFactory = (factory, rank) =>
    addFactory(factory.mimeTypes.includes(WIDGET_VIEW) ? wrapped(factory, registry) : factory, rank);
  const clone = registry.clone.bind(registry);
  registry.clone = (cloneOptions) => guard(clone(cloneOptions));
  const present = registry.getFactory(WIDGET_VIEW);
  if (present !== undefined) addFactory(wrapped(present, registry), registry.getRank(WIDGET_VIEW));
  return registry;
}

const pictures = {
  id: "playbook-games:pictures",
  description: "Widget outputs show their saved picture until their live view is drawn.",
  autoStart: true,
  requires: [IRenderMimeRegistry],
  activate: (app, registry) => {
    guard(registry);
    // Boards read this to know that a new picture leaves their live view alone.
    document.documentElement.dataset.playbookPictures = "kept";
  },
};

const kernels = {
  id: "playbook-games:kernels",
  description: "Where the page asks: kernels start once the site's drive is ready, the first notebook's at once, restored notebooks' when shown.",
  autoStart: true,
  optional: [IStateDB],
  activate: (app, state) => {
    if (!siteKernels()) return;
    holdKernels(app, state);
  },
};

export default [pictures, kernels];
