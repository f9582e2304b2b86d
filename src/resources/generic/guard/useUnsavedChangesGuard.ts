import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import type { BlockerFunction } from 'react-router-dom';

export interface UnsavedChangesDialogState {
  open: boolean;
  saving: boolean;
  onLeave: () => void;
  onStay: () => void;
  onSaveAndLeave: () => void;
}

export interface UnsavedChangesGuard {
  dialog: UnsavedChangesDialogState;
  /** Leaving from inside the page (cancel, closing a dialog): asks first when something is unsaved. */
  requestLeave: (leave: () => void) => void;
  /** Lets the next navigation through unasked: after a save, the changes are no longer unsaved. */
  release: () => void;
}

interface MountedGuard {
  guarded: { current: boolean };
  save: () => Promise<boolean>;
}

/** The guards mounted now: the page's forms, whichever of them the router consults. */
const mounted = new Set<MountedGuard>();

/**
 * Spec §4: unsaved changes trigger a leave warning with three choices — leave without saving, stay,
 * or save and leave. Covers router navigation (useBlocker), leaving from inside the page, and
 * closing or reloading the tab (beforeunload, where browsers only allow their own prompt).
 * `save` resolves to whether the record was saved; a failed save keeps the user on the form.
 *
 * A page may hold several guarded forms (the environment settings and their own-LLM card), but React
 * Router consults only the last blocker registered: so every mounted guard is known to the others
 * (`mounted`), whichever blocker the router asks blocks when any form is unsaved, "save and leave"
 * saves each unsaved form, and leaving lets them all go.
 */
export const useUnsavedChangesGuard = (dirty: boolean, save: () => Promise<boolean>): UnsavedChangesGuard => {
  // Read when a navigation starts, which may be before the render that follows a change; set as
  // soon as a render is committed (a layout effect), so that a click right after typing sees it.
  const guarded = useRef(dirty);
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    guarded.current = dirty;
  }, [dirty]);
  useLayoutEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const entry: MountedGuard = { guarded, save: () => saveRef.current() };
    mounted.add(entry);
    return () => void mounted.delete(entry);
  }, []);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      [...mounted].some((g) => g.guarded.current) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const [pendingLeave, setPendingLeave] = useState<{ leave: () => void }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    guarded.current = false;
  }, []);
  const leave = () => {
    mounted.forEach((g) => (g.guarded.current = false));
    release();
    if (blocker.state === 'blocked') blocker.proceed();
    pendingLeave?.leave();
    setPendingLeave(undefined);
  };
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingLeave(undefined);
  };
  const saveAndLeave = async () => {
    setSaving(true);
    let saved = true;
    // Every unsaved form of the page, in the order they came, stopping at a refusal.
    for (const unsaved of [...mounted].filter((g) => g.guarded.current)) {
      saved = await unsaved.save().catch(() => false);
      if (!saved) break;
    }
    setSaving(false);
    if (saved) leave();
    else stay();
  };
  const requestLeave = useCallback((then: () => void) => {
    if (guarded.current) setPendingLeave({ leave: then });
    else then();
  }, []);

  return {
    dialog: {
      open: blocker.state === 'blocked' || pendingLeave !== undefined,
      saving,
      onLeave: leave,
      onStay: stay,
      onSaveAndLeave: () => void saveAndLeave(),
    },
    requestLeave,
    release,
  };
};
