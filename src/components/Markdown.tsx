import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** `code`, **bold** and *emphasis* inside a line. */
const inline = (text: string): ReactNode[] =>
  text
    .split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)/g)
    .map((part, i) =>
      part.startsWith('`') ? (
        <code key={i}>{part.slice(1, -1)}</code>
      ) : part.startsWith('**') ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : part.startsWith('*') && part.length > 2 ? (
        <em key={i}>{part.slice(1, -1)}</em>
      ) : (
        part
      ),
    );

/**
 * The few Markdown forms the user documentation in docs/ uses — headings, paragraphs, lists
 * (nested by indentation), tables — so the console shows the same file the repository holds.
 */
export const Markdown = ({ source }: { source: string }) => {
  const blocks = source.trim().split(/\n{2,}/);
  return (
    <Box
      sx={{
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& td, & th': { border: 1, borderColor: 'divider', p: 0.75, textAlign: 'left' },
        '& table': { borderCollapse: 'collapse', my: 1 },
      }}
    >
      {blocks.map((block, i) => {
        const heading = /^(#{1,3}) (.*)$/.exec(block);
        if (heading)
          return (
            <Typography
              key={i}
              variant={heading[1].length === 1 ? 'h5' : heading[1].length === 2 ? 'h6' : 'subtitle1'}
              component={`h${heading[1].length + 1}` as 'h2'}
              sx={{ mt: 2, mb: 1 }}
            >
              {heading[2]}
            </Typography>
          );
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('|'))) {
          const rows = lines
            .filter((l) => !/^\|[-| ]+\|$/.test(l))
            .map((l) =>
              l
                .slice(1, -1)
                .split('|')
                .map((c) => c.trim()),
            );
          return (
            <table key={i}>
              <thead>
                <tr>
                  {rows[0].map((c, k) => (
                    <th key={k}>{inline(c)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(1).map((row, r) => (
                  <tr key={r}>
                    {row.map((c, k) => (
                      <td key={k}>{inline(c)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }
        if (/^\s*(-|\d+\.) /.test(lines[0])) {
          // One item per line that starts a bullet; continuation lines join their item.
          const items: { depth: number; text: string }[] = [];
          for (const line of lines) {
            const item = /^(\s*)(?:-|\d+\.) (.*)$/.exec(line);
            if (item) items.push({ depth: Math.floor(item[1].length / 2), text: item[2] });
            else items[items.length - 1].text += ` ${line.trim()}`;
          }
          return (
            <Box component="ul" key={i} sx={{ my: 1 }}>
              {items.map((item, k) => (
                <Typography component="li" key={k} sx={{ ml: item.depth * 3 }}>
                  {inline(item.text)}
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={i} sx={{ my: 1 }}>
            {inline(lines.join(' '))}
          </Typography>
        );
      })}
    </Box>
  );
};
