import '@testing-library/jest-dom'
import { resetProcessState } from './helpers/test-db'

// Before each test file's own imports: a file starts as in a fresh process.
resetProcessState()
