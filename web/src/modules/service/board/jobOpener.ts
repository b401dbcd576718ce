import type { BoardJob } from '@tidyhouse/contract';
import { createContext, useContext } from 'react';

/** Opens a job's drawer on the board; given by the day board, read by every block (no prop through the memoized lanes). */
export const JobOpenerContext = createContext<((job: BoardJob) => void) | null>(null);

export const useJobOpener = () => useContext(JobOpenerContext);
