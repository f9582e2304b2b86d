import type { ReactNode } from 'react';
import { hasToken } from '../providers/session';
import { LayoutFrame } from './chrome/LayoutFrame';
import { LocaleSwitch } from './chrome/LocaleSwitch';
import { ShellAppBar } from './chrome/ShellAppBar';
import { UserMenu } from './chrome/UserMenu';

/** The app bar (with the user menu when signed in) around react-admin's own pages. */
export const FallbackFrame = ({ children }: { children?: ReactNode }) => (
  <LayoutFrame appBar={<ShellAppBar actions={hasToken() ? <UserMenu /> : <LocaleSwitch />} />}>
    {children}
  </LayoutFrame>
);
