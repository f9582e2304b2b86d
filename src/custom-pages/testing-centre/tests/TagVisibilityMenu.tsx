import LockOutlined from '@mui/icons-material/LockOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState, type SyntheticEvent } from 'react';
import { useTranslate } from 'react-admin';
import { TAG_VISIBILITIES, type TagVisibility } from '../../../../schemas/contracts/test-sets';

interface TagVisibilityMenuProps {
  tag: string;
  visibility: TagVisibility;
  /** False: another user owns the tag (the reason shows on hover). */
  mayChange: boolean;
  ownerName: string | null;
  busy: boolean;
  onChange: (visibility: TagVisibility) => void;
}

const icons = { public: <PublicOutlined />, private: <LockOutlined /> };

// The control may sit in a row that opens on a click or Enter: its own events (the menu's too, which
// bubble through the portal in React's tree) stop here.
const stop = (event: SyntheticEvent) => event.stopPropagation();

/** A tag's visibility, and the menu that makes it public or private (spec pipeline §2 tests list). */
export const TagVisibilityMenu = ({
  tag,
  visibility,
  mayChange,
  ownerName,
  busy,
  onChange,
}: TagVisibilityMenuProps) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate(`app.testing.tagVisibility.${visibility}`);
  const button = (
    <Button
      size="small"
      color={visibility === 'private' ? 'warning' : 'inherit'}
      startIcon={icons[visibility]}
      loading={busy}
      disabled={!mayChange}
      aria-label={translate('app.testing.tagVisibility.label', { tag, visibility: label })}
      aria-haspopup="menu"
      onClick={(event) => setAnchor(event.currentTarget)}
    >
      {label}
    </Button>
  );
  return (
    <Box component="span" onClick={stop} onKeyDown={stop}>
      {mayChange ? (
        button
      ) : (
        <Tooltip title={translate('app.testing.tagVisibility.notOwner', { owner: ownerName ?? '' })}>
          {/* A disabled button gets no hover: the span carries the tooltip. */}
          <span>{button}</span>
        </Tooltip>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {TAG_VISIBILITIES.map((option) => (
          <MenuItem
            key={option}
            selected={option === visibility}
            onClick={() => {
              setAnchor(null);
              if (option !== visibility) onChange(option);
            }}
          >
            <ListItemText
              primary={translate(`app.testing.tagVisibility.make.${option}`)}
              secondary={translate(`app.testing.tagVisibility.help.${option}`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
};
