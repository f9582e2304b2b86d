import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { acceptInvitation, declineInvitation } from '../../../../schemas/contracts/invitations';
import { detailMessage, errorMessage, HttpError } from '../../../api';
import { clearCallCache } from '../../../providers/callCache';
import { useServices } from '../../../providers/ServicesContext';
import { setToken } from '../../../providers/session';

export interface InvitationAnswerState {
  status: 'idle' | 'sending' | 'declined';
  error?: string;
  /** A refusal aimed at one field (`details[].path`), e.g. a username already taken. */
  fieldErrors: Record<string, string>;
}

const detailsOf = (error: unknown): Record<string, string> => {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return {};
  const details = 'details' in error.body && Array.isArray(error.body.details) ? error.body.details : [];
  return Object.fromEntries(
    details
      .filter(
        (d): d is { path: string; message: string } =>
          typeof d?.path === 'string' && typeof d?.message === 'string',
      )
      .map((d) => [d.path, detailMessage(d)]),
  );
};

/**
 * Accepting or declining an invitation. Accepting signs the user in with the answered token (the
 * account that joined, possibly a new one) and goes to the landing page, through the root.
 */
export const useInvitationAnswer = (token: string) => {
  const { client, currentUser } = useServices();
  const navigate = useNavigate();
  const [state, setState] = useState<InvitationAnswerState>({ status: 'idle', fieldErrors: {} });

  const fail = (error: unknown) =>
    setState({ status: 'idle', error: errorMessage(error), fieldErrors: detailsOf(error) });

  const accept = async (body: { username?: string; password: string }) => {
    setState({ status: 'sending', fieldErrors: {} });
    try {
      const answer = await client.call(acceptInvitation, { params: { token }, body });
      // Whoever was signed in before, the session is now the account that joined.
      setToken(answer.token);
      currentUser.clear();
      clearCallCache(client);
      navigate('/', { replace: true });
    } catch (error) {
      fail(error);
    }
  };

  const decline = async () => {
    setState({ status: 'sending', fieldErrors: {} });
    try {
      await client.call(declineInvitation, { params: { token } });
      setState({ status: 'declined', fieldErrors: {} });
    } catch (error) {
      fail(error);
    }
  };

  return { state, accept, decline };
};
