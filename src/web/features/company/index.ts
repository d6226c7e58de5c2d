/** The company feature's public surface: what other features may import (decision 0021). */
