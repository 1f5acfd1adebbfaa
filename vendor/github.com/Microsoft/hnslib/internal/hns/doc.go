package hns
