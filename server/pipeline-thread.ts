// The server bundle's entry of a pipeline thread (server/pipeline-threads/pool.ts starts it).
import './pipeline-threads/thread';
