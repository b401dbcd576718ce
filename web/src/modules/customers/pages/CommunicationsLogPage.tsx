import { CommunicationsList } from '../components/CommunicationsList';

/** /customer/connectrecord: the Communications Log across every customer. */
export default function CommunicationsLogPage() {
  return <CommunicationsList />;
}
