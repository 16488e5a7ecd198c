/* Integer sort by buckets, written from the method's definition: N keys
   drawn from a linear congruential generator in [0, MAXKEY), counted per
   bucket (the key's high bits), the buckets' starts by a prefix sum, the
   keys scattered into their buckets, then each bucket ranked by counting
   its keys.  The verification: the sorted sequence is non-decreasing and
   holds every key as often as the input does (a checksum of both).

   Usage: bucket-sort N ROUNDS; each round changes two keys and sorts
   again, as a benchmark of ranking would.  */

#include <stdio.h>
#include <stdlib.h>

#define NMAX (1 << 24)
#define MAXKEY (1 << 16)
#define BUCKET_BITS 6
#define NBUCKETS (1 << BUCKET_BITS)
#define SHIFT (16 - BUCKET_BITS)
#define PER_BUCKET (MAXKEY / NBUCKETS)

static int key[NMAX], buff[NMAX], sorted[NMAX];
static int bucket_size[NBUCKETS], bucket_start[NBUCKETS + 1], fill[NBUCKETS];
static int count[MAXKEY];

static void
make_keys (int n)
{
  unsigned long long s = 314159265ULL;
  for (int i = 0; i < n; i++)
    {
      /* The sum of four draws: keys cluster in the middle, as in a
	 ranking benchmark's.  */
      unsigned t = 0;
      for (int d = 0; d < 4; d++)
	{
	  s = s * 6364136223846793005ULL + 1442695040888963407ULL;
	  t += (unsigned) (s >> 48) & (MAXKEY - 1);
	}
      key[i] = t / 4;
    }
}

static void
sort_keys (int n)
{
  for (int b = 0; b < NBUCKETS; b++)
    bucket_size[b] = 0;
  for (int i = 0; i < n; i++)
    bucket_size[key[i] >> SHIFT]++;
  bucket_start[0] = 0;
  for (int b = 0; b < NBUCKETS; b++)
    bucket_start[b + 1] = bucket_start[b] + bucket_size[b];
  for (int b = 0; b < NBUCKETS; b++)
    fill[b] = bucket_start[b];
  for (int i = 0; i < n; i++)
    {
      int k = key[i];
      buff[fill[k >> SHIFT]++] = k;
    }
  /* Each bucket on its own: its keys counted, then written out in order
     from the bucket's start.  */
  for (int b = 0; b < NBUCKETS; b++)
    {
      int lo = b * PER_BUCKET;
      for (int v = 0; v < PER_BUCKET; v++)
	count[lo + v] = 0;
      for (int i = bucket_start[b]; i < bucket_start[b + 1]; i++)
	count[buff[i]]++;
      int at = bucket_start[b];
      for (int v = 0; v < PER_BUCKET; v++)
	for (int c = 0; c < count[lo + v]; c++)
	  sorted[at++] = lo + v;
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1 << 20;
  int rounds = argc > 2 ? atoi (argv[2]) : 4;
  if (n < 2 || n > NMAX || rounds < 1)
    {
      fprintf (stderr, "usage: bucket-sort N ROUNDS (2 <= N <= %d)\n", NMAX);
      return 2;
    }
  make_keys (n);
  int bad = 0;
  for (int r = 0; r < rounds; r++)
    {
      key[r % n] = r;
      key[(r * 7919) % n] = MAXKEY - 1 - r;
      sort_keys (n);
      unsigned long long in = 0, out = 0;
      int disorder = 0;
      for (int i = 0; i < n; i++)
	{
	  in += (unsigned long long) key[i] * key[i] + key[i];
	  out += (unsigned long long) sorted[i] * sorted[i] + sorted[i];
	}
      for (int i = 1; i < n; i++)
	disorder += sorted[i - 1] > sorted[i];
      printf ("round %d: median %d, checksum %llu, out of order %d\n", r, sorted[n / 2], out, disorder);
      bad += disorder != 0 || in != out;
    }
  printf ("verification %s\n", bad ? "FAILED" : "successful");
  return bad != 0;
}
