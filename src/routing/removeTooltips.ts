/**
 * Spec §2: tooltips are removed on each navigation. A tooltip opened on the page being left would
 * otherwise stay on screen, since its anchor unmounts before it can close.
 */
export const removeTooltips = (root: ParentNode = document): void => {
  root.querySelectorAll('[role="tooltip"], .MuiTooltip-popper').forEach((node) => node.remove());
};
