//! FIDE's Tournament Report File, TRF-16 (Handbook C.04, Annex 2).
