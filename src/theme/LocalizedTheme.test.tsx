import TablePagination from '@mui/material/TablePagination';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBrowserState } from '../test/renderConsole';
import { renderResourceView } from '../test/renderResourceView';
import { LocalizedTheme } from './LocalizedTheme';

const pagination = (
  <LocalizedTheme>
    <TablePagination component="div" count={9} page={0} rowsPerPage={10} onPageChange={() => undefined} />
  </LocalizedTheme>
);

beforeEach(resetBrowserState);

describe('MUI’s own words', () => {
  it('are French in the French console', async () => {
    window.localStorage.setItem('locale', 'fr');
    renderResourceView(pagination);
    expect(await screen.findByText('1–9 sur 9')).toBeInTheDocument();
    expect(screen.getByText(/Lignes par page/)).toBeInTheDocument();
  });

  it('are English in the English console', async () => {
    window.localStorage.setItem('locale', 'en');
    renderResourceView(pagination);
    expect(await screen.findByText('1–9 of 9')).toBeInTheDocument();
  });
});
