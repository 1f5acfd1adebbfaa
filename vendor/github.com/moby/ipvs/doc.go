package ipvs
