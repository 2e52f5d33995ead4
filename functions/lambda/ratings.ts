import { lambda } from '../app/lambda';
import { ratings } from '../handlers/ratings';

export const handler = lambda(ratings);
