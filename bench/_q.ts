import { throughQueue, benchEmails } from './pipeline';
const r = await throughQueue(benchEmails(2000));
console.log(r);
