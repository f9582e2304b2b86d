import type { FastifyInstance } from 'fastify';
import { acceptInvitation, declineInvitation, getInvitation } from '../../schemas/contracts/invitations';
import { contractRoute } from '../kernel/http/contract-route';
import { invitationAnswers } from './invitation-answers';

type TokenParams = { token: string };

/** The invitee's calls, without a session: the link's token is the credential. */
export const invitationRoutes = async (app: FastifyInstance) => {
  const answers = invitationAnswers(app);

  app.route({
    ...contractRoute(getInvitation),
    handler: async (request) => answers.view((request.params as TokenParams).token),
  });

  app.route({
    ...contractRoute(acceptInvitation),
    handler: async (request) => {
      const body = request.body as { username?: string; password: string };
      const user = await answers.accept((request.params as TokenParams).token, body, request.ip);
      return { token: await app.issueToken(user, request) };
    },
  });

  app.route({
    ...contractRoute(declineInvitation),
    handler: async (request, reply) => {
      await answers.decline((request.params as TokenParams).token);
      return reply.status(204).send();
    },
  });
};
