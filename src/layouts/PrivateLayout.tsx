import { LayoutFrame } from './chrome/LayoutFrame';
import { ShellAppBar } from './chrome/ShellAppBar';
import { UserMenu } from './chrome/UserMenu';

/** Layout of the signed-in pages outside any organisation (profile, utilities): no side menu. */
export const PrivateLayout = () => <LayoutFrame appBar={<ShellAppBar actions={<UserMenu />} />} />;
