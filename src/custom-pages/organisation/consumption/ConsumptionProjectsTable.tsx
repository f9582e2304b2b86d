import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { ConsumptionReport } from '../../../../schemas/contracts/consumption';
import { formatCount, formatMb } from './consumptionFormat';

type Figures = Pick<ConsumptionReport['projects'][number], 'analyses' | 'tokens' | 'sizeMb'>;

/** The period's analyses, tokens and size per project; a project opens onto its environments. */
export const ConsumptionProjectsTable = ({ projects }: { projects: ConsumptionReport['projects'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const figures = (row: Figures) => (
    <>
      <TableCell align="right">{formatCount(row.analyses, locale)}</TableCell>
      <TableCell align="right">{formatCount(row.tokens, locale)}</TableCell>
      <TableCell align="right">{formatMb(row.sizeMb, locale)}</TableCell>
    </>
  );
  return (
    <Card component="section" aria-labelledby="projects-title">
      <CardContent>
        <Typography id="projects-title" variant="h6" component="h2" gutterBottom>
          {translate('app.consumption.projects.title')}
        </Typography>
        {projects.length === 0 ? (
          <Typography color="text.secondary">{translate('app.consumption.projects.empty')}</Typography>
        ) : (
          <Table size="small" aria-labelledby="projects-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.consumption.projects.name')}</TableCell>
                <TableCell align="right">{translate('app.consumption.figures.analyses')}</TableCell>
                <TableCell align="right">{translate('app.consumption.figures.tokens')}</TableCell>
                <TableCell align="right">{translate('app.consumption.figures.sizeMb')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {projects.map((project) => {
                const expanded = open.has(project.id);
                return (
                  <Fragment key={project.id}>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        <IconButton
                          size="small"
                          aria-expanded={expanded}
                          aria-label={translate(`app.consumption.projects.${expanded ? 'hide' : 'show'}`, {
                            name: project.name,
                          })}
                          onClick={() => toggle(project.id)}
                        >
                          {expanded ? <KeyboardArrowDown /> : <KeyboardArrowRight />}
                        </IconButton>
                        {project.name}
                      </TableCell>
                      {figures(project)}
                    </TableRow>
                    {expanded && project.environments.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={4} sx={{ pl: 7, color: 'text.secondary' }}>
                          {translate('app.consumption.projects.noEnvironments')}
                        </TableCell>
                      </TableRow>
                    ) : null}
                    {expanded
                      ? project.environments.map((environment) => (
                          <TableRow key={environment.id}>
                            <TableCell component="th" scope="row" sx={{ pl: 7 }}>
                              {environment.name}
                            </TableCell>
                            {figures(environment)}
                          </TableRow>
                        ))
                      : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};
