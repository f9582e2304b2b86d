import { Navigate, useLocation, useParams } from 'react-router-dom';

/** Spec §2: `/v2/...` is the same page without the prefix; query and hash survive the move. */
export const V2Redirect = () => {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: `/${rest}`, search, hash }} />;
};
